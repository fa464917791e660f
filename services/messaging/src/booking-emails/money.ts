import { CURRENCY_FACTS, type Currency } from '@hunted/contracts';

/** Amounts as the booking emails write them. */

const formats = new Map<Currency, Intl.NumberFormat>();

/**
 * An amount in minor units of a booking's currency, always with its decimals as a receipt writes them: `£80.00`,
 * `€60.00` (decision 0105; an email of a booking from before currencies is in pounds).
 */
export function amountIn(minor: number, currency: Currency = 'GBP'): string {
  const exponent = CURRENCY_FACTS[currency].exponent;
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: exponent });
    formats.set(currency, format);
  }
  return format.format(minor / 10 ** exponent);
}
