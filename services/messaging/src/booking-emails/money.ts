import { formatMoney, type Currency } from '@hunted/contracts';

/**
 * An amount in minor units of a booking's currency as the emails write it, always with its decimals: `£80.00`,
 * `€60.00` (decision 0105; an email of a booking from before currencies is in pounds).
 */
export function amountIn(minor: number, currency: Currency = 'GBP'): string {
  return formatMoney(minor, currency);
}
