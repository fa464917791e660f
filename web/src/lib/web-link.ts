/** http(s) with a dotted host name, as the server's URL check wants. */
export function isWebLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[\p{L}a-z0-9-]{2,}$/iu.test(url.hostname);
  } catch {
    return false;
  }
}
