import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath } from '../pages/page-routes.js';
import type { SitePages } from '../pages/site-pages.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path names inside root, or null when it would leave root or is not a valid path. */
function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Serves the built SPA: real files as they are, brotli or gzip copies made at build when the browser takes them
 * (hashed /assets cached for a year, everything else revalidated),
 * and index.html for any other path so the client-side router can open deep links like /brand/3/some-slug, with
 * the page's own head and status written in by `pages` (404 for a path the SPA does not know). robots.txt and the
 * sitemap are `pages`' routes too.
 */
export function spaPlugin(webDistDir: string, pages: SitePages) {
  const root = path.resolve(webDistDir);

  return async function registerSpa(fastify: FastifyInstance): Promise<void> {
    // preCompressed: the build writes .br and .gz beside each text asset (web/scripts/precompress.mjs); the one the
    // browser accepts is sent, with `Vary: Accept-Encoding`, and the file itself to a client that takes neither.
    await fastify.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });
    pages.register(fastify);

    fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      // A page route names no file (the build has none at those paths): no file system lookup, which for a missing
      // file costs a failed stat, the most expensive step of answering a page.
      if (isPagePath(urlPath)) return pages.answer(request, reply);
      const file = fileInside(root, urlPath);
      if (file && (await isFile(file))) {
        reply.header('cache-control', urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
        return reply.sendFile(path.relative(root, file));
      }
      if (urlPath.startsWith('/assets/')) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return pages.answer(request, reply);
    });
  };
}
