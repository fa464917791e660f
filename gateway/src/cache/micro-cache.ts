import type http from 'node:http';
import { negotiateContentCoding } from '@hunted/platform';

/** A response kept to answer the same public GET again: the service's headers and the body as it was sent. */
export interface CachedResponse {
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  service: string;
  expiresAt: number;
  /** From when a request that reads it also renews it in the background (half its lifetime). */
  renewAt: number;
}

export interface MicroCacheLimits {
  /** The longest any response is kept (MICRO_CACHE_TTL_MS, at most 1 s); 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** Larger responses are never kept. */
  maxEntryBytes: number;
  /** All bodies kept together stay under this; the oldest are dropped first. */
  maxTotalBytes: number;
}

export const DEFAULT_MICRO_CACHE_LIMITS: Omit<MicroCacheLimits, 'ttlMs'> = {
  maxEntries: 2_000,
  maxEntryBytes: 256 * 1024,
  maxTotalBytes: 32 * 1024 * 1024,
};

/** A response being copied as it streams by: its body's chunks, then the end of a whole body. */
export interface ResponseCopy {
  add(chunk: Buffer): void;
  end(): void;
}

/** Headers that describe one connection or one answer, never replayed from the cache. */
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'content-length']);

/**
 * How long a service allows a shared cache to keep this response (s-maxage, else max-age), capped at `ttlMs`;
 * 0 when it must not be kept: not marked `public`, marked `private`/`no-store`/`no-cache`, setting a cookie, or
 * varying by anything but Accept-Encoding (which the cache keys by).
 */
export function sharedLifetimeMs(headers: http.IncomingHttpHeaders, ttlMs: number): number {
  if (headers['set-cookie'] !== undefined) return 0;
  const vary = headers.vary?.toLowerCase().split(/\s*,\s*/).filter(Boolean) ?? [];
  if (vary.some((name) => name !== 'accept-encoding')) return 0;
  const directives = new Map<string, string | undefined>();
  for (const part of (headers['cache-control'] ?? '').toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) directives.set(name, value);
  }
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return 0;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(seconds * 1000, ttlMs);
}

/**
 * The gateway's micro-cache: public GETs of guests answered again for at most a second (issue 10). What may be
 * kept is the service's word (`Cache-Control: public` with a shared lifetime, see sharedLifetimeMs); what may be
 * served from it is the gateway's: only to a request with no signed-in identity (or on a route whose answers are
 * the same for everyone, routes.ts `sameForEveryone`) and no `Cache-Control: no-cache`; elsewhere a member's reads
 * always reach the service. Keyed by method, path and query, and the content coding the
 * client accepts. A successful write through the gateway drops that service's entries, so the writer's next read
 * is fresh; other gateway replicas' entries age out within their second.
 */
export class MicroCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly waiting = new WeakMap<http.IncomingMessage, { key: string; service: string; generation: number }>();
  /** Keys being renewed in the background now (one renewal per key at a time). */
  private readonly renewing = new Set<string>();
  /**
   * Per service, how many times its answers were dropped for a write: an answer asked for before the latest drop
   * may predate the write, so it is not kept.
   */
  private readonly generations = new Map<string, number>();
  private totalBytes = 0;

  constructor(
    private readonly limits: MicroCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.limits.ttlMs > 0;
  }

  /**
   * The key of a request the cache may answer or learn from; null for any other request. `personal`: the request
   * carries an identity whose answer may be the caller's own.
   */
  keyOf(req: http.IncomingMessage, personal: boolean): string | null {
    if (!this.enabled || req.method !== 'GET' || personal) return null;
    return `GET ${req.url ?? '/'} ${negotiateContentCoding(req.headers['accept-encoding'])}`;
  }

  /** Whether the client asked for a fresh answer (a browser's reload): the cache then learns but does not answer. */
  static wantsFresh(req: http.IncomingMessage): boolean {
    const cacheControl = req.headers['cache-control']?.toLowerCase() ?? '';
    return cacheControl.includes('no-cache') || cacheControl.includes('max-age=0') || req.headers.pragma === 'no-cache';
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry;
    this.remove(key, entry);
    return undefined;
  }

  /** Remembers that this request's answer may be kept under `key` (read when the service answers). */
  expect(req: http.IncomingMessage, key: string, service: string): void {
    this.waiting.set(req, { key, service, generation: this.generationOf(service) });
  }

  /**
   * Whether the caller should renew this kept answer in the background now: it is past half its lifetime and no
   * renewal of it is under way. A popular answer is thus replaced before it expires and its readers never wait
   * for the service, while none is ever older than its lifetime (issue 23, the cached reads' p99). The caller
   * then sends the request and hands the answer to `renewal`, or calls `renewalEnded` if none came.
   */
  claimRenewal(key: string, entry: CachedResponse): boolean {
    if (entry.renewAt > this.now() || this.renewing.has(key)) return false;
    this.renewing.add(key);
    return true;
  }

  /** The background renewal's answer, as `capture` takes a client's: a copy to fill, or null if it may not be kept. */
  renewal(key: string, statusCode: number, headers: http.IncomingHttpHeaders, service: string): ResponseCopy | null {
    return this.copyFor(key, service, this.generationOf(service), statusCode, headers);
  }

  renewalEnded(key: string): void {
    this.renewing.delete(key);
  }

  /**
   * Called with every service response as its head arrives: when the request was expected and the response may be
   * kept, a copy that keeps the body as it streams to the client (`add` each chunk, `end` when the whole body has
   * come); otherwise null.
   */
  capture(req: http.IncomingMessage, statusCode: number, headers: http.IncomingHttpHeaders): ResponseCopy | null {
    const expected = this.waiting.get(req);
    if (expected === undefined) return null;
    this.waiting.delete(req);
    return this.copyFor(expected.key, expected.service, expected.generation, statusCode, headers);
  }

  private copyFor(key: string, service: string, generation: number, statusCode: number, headers: http.IncomingHttpHeaders): ResponseCopy | null {
    if (statusCode !== 200) return null;
    const lifetimeMs = sharedLifetimeMs(headers, this.limits.ttlMs);
    const declared = Number(headers['content-length']);
    if (lifetimeMs <= 0 || !Number.isInteger(declared) || declared > this.limits.maxEntryBytes) return null;
    const chunks: Buffer[] = [];
    let received = 0;
    return {
      add: (chunk) => {
        chunks.push(chunk);
        received += chunk.length;
      },
      end: () => {
        if (received !== declared || this.generationOf(service) !== generation) return;
        const kept: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) if (!NOT_REPLAYED.has(name) && value !== undefined) kept[name] = value;
        const now = this.now();
        this.store(key, {
          headers: kept,
          body: Buffer.concat(chunks, received),
          etag: headers.etag,
          service,
          expiresAt: now + lifetimeMs,
          renewAt: now + lifetimeMs / 2,
        });
      },
    };
  }

  /** After a successful write to `service`: none of its answers kept so far is served again. */
  invalidate(service: string): void {
    this.generations.set(service, this.generationOf(service) + 1);
    for (const [key, entry] of this.entries) if (entry.service === service) this.remove(key, entry);
  }

  private generationOf(service: string): number {
    return this.generations.get(service) ?? 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: CachedResponse): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.totalBytes += entry.body.length;
    // Oldest first (a Map iterates in insertion order): expired ones and then whatever the limits need.
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxTotalBytes && old.expiresAt > this.now()) break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: CachedResponse): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.body.length;
  }
}
