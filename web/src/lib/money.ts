/**
 * How an amount shows its minor units: 'always' writes them ('£50.00', as booking prices and earnings are written);
 * 'unlessWhole' leaves them out of a whole amount ('£50', as a hunter's session price is written).
 */
export type MinorUnits = 'always' | 'unlessWhole';

const formatters = new Map<string, Intl.NumberFormat>();

// One formatter per shape, made once: Intl.NumberFormat is slow to build and a list of earnings formats many amounts.
function formatterOf(locale: string, currency: string, fractionDigits?: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // '£1234.50', not '£1,234.50': the amounts the pages wrote before this formatter had no grouping, and the
      // journeys read them as written.
      useGrouping: false,
      ...(fractionDigits === undefined
        ? {}
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The one way the web app writes money: `amountMinor` in the currency's minor units (pence for GBP), written in
 * `locale` (en-GB unless said). formatMoney(5000, 'GBP') is '£50.00'; with `minorUnits: 'unlessWhole'` it is '£50'.
 * A negative amount is written as the locale writes it ('-£5.00').
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  { locale = 'en-GB', minorUnits = 'always' }: { locale?: string; minorUnits?: MinorUnits } = {},
): string {
  const standard = formatterOf(locale, currency);
  // The currency's own exponent (2 for GBP, 0 for JPY) turns minor units into the amount Intl formats.
  const exponent = standard.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = amountMinor / 10 ** exponent;
  // Chosen here rather than with Intl's trailingZeroDisplay, which older Safari and Firefox ignore.
  if (minorUnits === 'unlessWhole' && Number.isInteger(amount)) return formatterOf(locale, currency, 0).format(amount);
  return standard.format(amount);
}
