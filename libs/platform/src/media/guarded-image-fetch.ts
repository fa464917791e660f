import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { DecodedImage, ImageRules } from './image-bytes.js';
import { cleanImageBytes } from './image-upload.js';

/**
 * Fetching an image a member named by URL, once, from the server (decision 0093). The server sits inside a network
 * the member cannot reach (the cloud's metadata service, the databases, the services' internal ports), so every
 * address it is asked to connect to is checked first, and the socket connects to exactly the address that was
 * checked: a name that resolves to a public address when checked and a private one when connecting (DNS rebinding)
 * cannot slip through, because the check is done inside the connection's own lookup.
 */

/** Only the public internet: every special range of ipaddr.js (private, loopback, link-local, …) is refused. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() reads an IPv4-mapped IPv6 address (::ffff:127.0.0.1) as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

export const IMAGE_FETCH_MESSAGES = {
  notALink: 'Image URL must be a link starting with http:// or https://',
  privateAddress:
    'This image link points to a private or local address; the site only fetches images from the public internet',
  notFound: 'The image link’s address could not be found',
  unreachable: 'The image link could not be reached',
  timedOut: 'The image link did not answer in time',
  tooManyRedirects: 'The image link redirected too many times',
  notAnImage: (contentType: string) =>
    `The image link did not answer with an image (it answered ${contentType || 'no content type'})`,
  status: (status: number) => `The image link answered ${status} instead of an image`,
} as const;

export interface ImageFetchRules extends ImageRules {
  /** The whole fetch, redirects included, must be done within this. */
  timeoutMs: number;
  /** Redirects followed at most, each checked as the first link was. */
  maxRedirects: number;
  /**
   * `host:port` pairs whose address is not checked, for tests that serve an image from this machine. Only the
   * caller's configuration sets it, and only under NODE_ENV=test (production refuses the variable).
   */
  allowHosts?: readonly string[];
  /** How names are resolved (dns.lookup unless a test gives its own). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

class FetchRefused extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function defaultResolve(hostname: string): Promise<{ address: string; family: number }[]> {
  return dns.promises.lookup(hostname, { all: true, verbatim: true });
}

/** The URL's host without IPv6 brackets, and its port (the scheme's default when none is written). */
function hostAndPort(url: URL): { host: string; port: number } {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

/**
 * A lookup for the socket that resolves the name, refuses it when any of its addresses is not public, and hands the
 * socket the addresses it checked (so it connects to nothing else).
 */
function checkedLookup(rules: ImageFetchRules, skipCheck: boolean): LookupFunction {
  const resolve = rules.resolve ?? defaultResolve;
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new FetchRefused(IMAGE_FETCH_MESSAGES.notFound));
        if (!skipCheck && !addresses.every((entry) => isPublicAddress(entry.address))) {
          return callback(new FetchRefused(IMAGE_FETCH_MESSAGES.privateAddress));
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      () => callback(new FetchRefused(IMAGE_FETCH_MESSAGES.notFound)),
    );
  }) as LookupFunction;
}

interface Hop {
  redirectTo?: URL;
  bytes?: Buffer;
}

/** One request: a redirect's target, or the body (at most `rules.maxBytes` of it, read as it streams). */
function requestOnce(url: URL, rules: ImageFetchRules, signal: AbortSignal): Promise<Hop | DecodedImage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(IMAGE_FETCH_MESSAGES.notALink);
  const { host, port } = hostAndPort(url);
  const skipCheck = (rules.allowHosts ?? []).includes(`${host}:${port}`);
  // A literal address never goes through a lookup: it is checked here.
  if (net.isIP(host) && !skipCheck && !isPublicAddress(host))
    throw new FetchRefused(IMAGE_FETCH_MESSAGES.privateAddress);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        // No pooled sockets: each connection is made (and its address checked) for this request alone.
        agent: false,
        lookup: checkedLookup(rules, skipCheck),
        headers: { accept: 'image/*', 'user-agent': 'HuntedImageFetcher/1.0' },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          response.resume();
          const location = response.headers.location;
          if (!location) return reject(new FetchRefused(IMAGE_FETCH_MESSAGES.status(status)));
          try {
            return resolve({ redirectTo: new URL(location, url) });
          } catch {
            return reject(new FetchRefused(IMAGE_FETCH_MESSAGES.notALink));
          }
        }
        if (status < 200 || status > 299) {
          response.resume();
          return reject(new FetchRefused(IMAGE_FETCH_MESSAGES.status(status)));
        }
        const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!contentType.startsWith('image/')) {
          response.destroy();
          return reject(new FetchRefused(IMAGE_FETCH_MESSAGES.notAnImage(contentType)));
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared >= rules.maxBytes) {
          response.destroy();
          return resolve({ ok: false, message: rules.tooLarge(declared) });
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // Stopped as soon as it passes the limit: a endless body is never held.
          if (received >= rules.maxBytes) {
            response.destroy();
            resolve({ ok: false, message: rules.tooLarge(received) });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
    request.end();
  });
}

/**
 * Fetches the image at `link` once and answers it cleaned as an upload is (cleanImageBytes: decoded in full,
 * re-encoded, metadata dropped), or why not, in words a member can act on. Only http and https; every address on
 * the way (the first link's and each redirect's, at most `maxRedirects`) must be public; the answer must say it is
 * an image and be smaller than `maxBytes`, counted while it streams; all of it within `timeoutMs`.
 */
export async function fetchImageOnce(link: string, rules: ImageFetchRules): Promise<DecodedImage> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, message: IMAGE_FETCH_MESSAGES.notALink };
  }
  const deadline = AbortSignal.timeout(rules.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const hop = await requestOnce(url, rules, deadline);
      if ('ok' in hop) return hop;
      if (hop.redirectTo) {
        if (redirects >= rules.maxRedirects) return { ok: false, message: IMAGE_FETCH_MESSAGES.tooManyRedirects };
        url = hop.redirectTo;
        continue;
      }
      return await cleanImageBytes(hop.bytes!, rules);
    }
  } catch (error) {
    if (error instanceof FetchRefused) return { ok: false, message: error.message };
    if (deadline.aborted) return { ok: false, message: IMAGE_FETCH_MESSAGES.timedOut };
    // A refusal raised inside the socket's lookup arrives wrapped by the request.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof FetchRefused) return { ok: false, message: cause.message };
    return { ok: false, message: IMAGE_FETCH_MESSAGES.unreachable };
  }
}
