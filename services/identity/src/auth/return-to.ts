const PROBE_ORIGIN = 'http://same-origin.invalid';

function hasControlCharacter(value: string): boolean {
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** Whether a parsed path, as given or once percent-decoded, starts like a protocol-relative address. */
function leavesTheSite(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true; // not valid percent-encoding: nothing a real page of the site has
  }
  return [pathname, decoded].some(
    (path) => path.startsWith('//') || path.includes('\\') || hasControlCharacter(path),
  );
}

/** A same-origin path to send the browser back to, or null for anything that could leave the site. */
export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return null;
  // `//host` and `/\host` are protocol-relative to browsers; control characters hide such tricks.
  if (candidate.startsWith('//') || candidate.includes('\\') || hasControlCharacter(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Checked again on the parsed path, which is what is stored and sent in Location: dot segments and encodings
  // can turn a harmless-looking input into `//host` (`/.//evil.example` parses to `//evil.example`), and a path
  // that decodes to `//host` or `/\host` may be followed by whatever reads it next.
  if (leavesTheSite(url.pathname)) return null;
  // Coming back to the sign-in routes themselves would loop.
  if (/^\/api\/(login|callback|logout)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the user started: the `returnTo` query parameter when it is a same-origin path, else the Referer's
 * path when the Referer is this site, else the home page.
 */
export function returnToFor(returnTo: unknown, referer: string | undefined, siteOrigins: string[]): string {
  const fromQuery = safeReturnPath(returnTo);
  if (fromQuery) return fromQuery;
  if (referer) {
    try {
      const url = new URL(referer);
      if (siteOrigins.includes(url.origin)) return safeReturnPath(`${url.pathname}${url.search}`) ?? '/';
    } catch {
      // An unreadable Referer tells us nothing.
    }
  }
  return '/';
}
