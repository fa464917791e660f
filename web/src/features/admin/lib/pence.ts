/** '£50.00' from pence, as the booking pages write prices (features do not import each other's helpers). */
export function formatPenceGbp(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}
