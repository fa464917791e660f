import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Header } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Cache-Control of a public read whose figures a member's own action changes (a brand's votes, a list's order): a
 * browser revalidates every time (cheap: an ETag and a 304), shared caches (the gateway's micro-cache, a CDN) may
 * answer it for a second. Not `max-age` of seconds with `stale-while-revalidate`: the SPA refetches a brand and
 * its lists right after a member votes, and a browser holding them would show that member the count before the vote.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';

/**
 * Marks a GET as the same for everyone who asks (no cookie, identity or member-specific field changes its body):
 * it gets PUBLIC_READ_CACHE_CONTROL and an ETag, answers 304 to a matching If-None-Match, and the gateway may keep
 * it for up to a second. Only on success: an error answer carries no such header. Never on a member's own data.
 */
export const PublicRead = (): MethodDecorator => Header('cache-control', PUBLIC_READ_CACHE_CONTROL);

/** Bodies below this go out as they are: compressing a few hundred bytes saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Brotli 4 and gzip 6: on a 12 KB page of brands, brotli 4 gives ~9x in ~0.15 ms and gzip 6 ~8x in ~0.2 ms on this
 * machine; higher brotli qualities cost 3–400x the time for 10–20 % fewer bytes (docs/benchmarks.md).
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
/** Larger bodies are compressed on libuv's threads rather than on the event loop. */
const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml|[a-z.+-]*\+json)|text\/|image\/svg\+xml)/;

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding to answer with for an Accept-Encoding header: brotli if the client takes it, else gzip, else none.
 * The gateway keys its micro-cache by this too, so it never hands a coding to a client that did not ask for it.
 * A coding refused with q=0 counts as not accepted.
 */
export function negotiateContentCoding(acceptEncoding: string | string[] | undefined): ContentCoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzip = true;
    else if (name === '*') {
      br = true;
      gzip = true;
    }
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

async function compress(body: Buffer, coding: Exclude<ContentCoding, 'identity'>): Promise<Buffer> {
  const sync = body.length <= SYNC_COMPRESS_MAX_BYTES;
  if (coding === 'br') {
    const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
    return sync ? zlib.brotliCompressSync(body, options) : brotliAsync(body, options);
  }
  return sync ? zlib.gzipSync(body, { level: GZIP_LEVEL }) : gzipAsync(body, { level: GZIP_LEVEL });
}

/** Whether an If-None-Match header names this (weak) ETag; weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

function isPublic(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && /(^|,)\s*public\s*(,|$)/.test(cacheControl);
}

function appendVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') reply.header('vary', name);
  else if (!String(current).toLowerCase().split(/\s*,\s*/).includes(name.toLowerCase())) reply.header('vary', `${String(current)}, ${name}`);
}

/**
 * A service's answers on the wire: public GETs get a weak ETag of their body (so the answer is the same whatever
 * coding carries it) and a 304 when the client already has it; text and JSON above COMPRESS_MIN_BYTES go out in
 * the coding the client accepts, with `Vary: Accept-Encoding`. Streams (files, media) are left as they are.
 */
export function serveCacheableResponses(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // Nest writes a route's @Header before the handler runs, so an error answer of a public route carries it too:
    // an error is never public.
    if (reply.statusCode >= 400 && isPublic(reply.getHeader('cache-control'))) reply.removeHeader('cache-control');
    if (reply.statusCode === 200 && (request.method === 'GET' || request.method === 'HEAD') && isPublic(reply.getHeader('cache-control'))) {
      const etag = `W/"${hash('sha1', body, 'base64url')}"`;
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return '';
      }
    }
    if (body.length < COMPRESS_MIN_BYTES || reply.getHeader('content-encoding') !== undefined) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    appendVary(reply, 'Accept-Encoding');
    const coding = negotiateContentCoding(request.headers['accept-encoding']);
    if (coding === 'identity') return payload;
    const compressed = await compress(body, coding);
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
