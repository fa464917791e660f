/** '£50.00' from pence: the spec shows booking prices divided by 100 with two decimals. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** '£50' from whole pounds (a hunter's session price). */
export function formatPounds(pounds: number): string {
  return `£${pounds}`;
}
