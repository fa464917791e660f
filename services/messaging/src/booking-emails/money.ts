/** Amounts as the booking emails write them. */

const poundsFormat = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** `£80.00`. */
export function pounds(pence: number): string {
  return poundsFormat.format(pence / 100);
}
