import type { IncomingHttpHeaders } from 'node:http';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function first(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single?.split(',')[0]?.trim() || undefined;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * True when the request's Origin is the site itself: the public URL when configured, or `siteHost`, the host the
 * browser addressed. The caller decides `siteHost`: the Host header, or X-Forwarded-Host only when TRUST_PROXY
 * says a proxy of ours sets it (anyone else could send one naming their own site). A browser cannot forge Origin
 * or Host on a cross-site request without a CORS preflight, which the gateway never grants.
 */
export function isSameOrigin(headers: IncomingHttpHeaders, publicUrl: string | undefined, siteHost: string): boolean {
  const origin = first(headers.origin);
  if (origin === undefined) return true;
  const originHost = hostOf(origin);
  if (originHost === null) return false;
  const ownHosts = [publicUrl ? hostOf(publicUrl) : null, siteHost || null];
  return ownHosts.some((host) => host != null && host.toLowerCase() === originHost);
}

/**
 * Whether a request would let another site ride the user's cookie: an unsafe method that the browser marks as
 * cross-site, or whose Origin is not ours. Requests without either header (curl, servers) are not browsers
 * carrying someone's cookie on another site's behalf, so they pass.
 */
export function isCrossSiteWrite(method: string, headers: IncomingHttpHeaders, publicUrl: string | undefined, siteHost: string): boolean {
  if (!UNSAFE_METHODS.has(method)) return false;
  if (first(headers['sec-fetch-site']) === 'cross-site') return true;
  return !isSameOrigin(headers, publicUrl, siteHost);
}
