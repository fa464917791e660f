import { formatMoney as formatMoneyIn, type MinorUnits } from '@hunted/contracts';

export type { MinorUnits };

/**
 * Money as the pages write it: the contracts' one formatter (`formatMoney`), without grouping ('£1234.50', not
 * '£1,234.50': the amounts the pages wrote before it had none, and the journeys read them as written).
 * formatMoney(5000, 'GBP') is '£50.00'; with `minorUnits: 'unlessWhole'` it is '£50'.
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  options: { locale?: string; minorUnits?: MinorUnits } = {},
): string {
  return formatMoneyIn(amountMinor, currency, { ...options, grouping: false });
}
