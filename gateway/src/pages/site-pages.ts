import type http from 'node:http';
import path from 'node:path';
import { SITE_SETTINGS_PATH, sessionCookieName, type SiteSettings } from '@hunted/contracts';
import { MAX_SERIAL_ID, positiveIntOf } from '@hunted/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { sessionCookieValue } from '../auth/session-resolver.js';
import type { GatewayConfig } from '../config.js';
import { PageDocument, renderHead } from './page-document.js';
import { PageFacts } from './page-facts.js';
import { brandMeta, genericMeta, hunterMeta, notFoundMeta, todayMeta, type PageMeta } from './page-meta.js';
import { preloadedReads, renderImagePreload, renderPreloads } from './page-preloads.js';
import { matchPage, type PageMatch } from './page-routes.js';
import { Sitemap, SITEMAP_KINDS, SitemapUnavailableError, type SitemapKind } from './sitemap.js';

const REVALIDATE = 'no-cache';
/** Crawlers read robots.txt and sitemaps now and then; an hour's staleness costs nothing and spares the services. */
const CRAWLER_CACHE = 'public, max-age=3600';
/** Origins a page's rendered head is kept for (more only when PUBLIC_URL is unset and Hosts vary). */
const MAX_ORIGINS = 4;
/** How soon a crawler should come back for a sitemap a service could not list just now. */
const SITEMAP_RETRY_AFTER_S = 300;

/** Paths crawlers are asked to keep away from: the API and every signed-in page. */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/admin',
  '/saved',
  '/edit-profile',
  '/my-bookings',
  '/messages',
  '/hunter-dashboard',
  '/payment/',
  '/submit',
  '/create-hunter-profile',
  '/moderation/',
] as const;

/** Whether a path is one of the pages only a signed-in user (or an admin) can open: those crawlers are kept from. */
function isSignedInPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return ROBOTS_DISALLOWED.some(
    (prefix) =>
      prefix !== '/api/' && (lower === prefix || lower.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)),
  );
}

/**
 * The site as machines read it: every page route answered with the SPA and the page's own head (title,
 * description, canonical link, Open Graph and Twitter card) and status (404 for a path the SPA does not know or a
 * brand or hunter that does not exist), robots.txt and the sitemap.
 */
export class SitePages {
  readonly document: PageDocument;
  private readonly facts: PageFacts;
  private readonly sitemap: Sitemap;
  private readonly publicOrigin: string | null;
  private readonly sessionCookie: string;
  private readonly heads = new WeakMap<PageMeta, Map<string, string>>();

  constructor(
    private readonly config: GatewayConfig,
    agent: http.Agent,
    logger: Logger,
  ) {
    this.publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
    this.sessionCookie = sessionCookieName(config.PUBLIC_URL);
    this.document = new PageDocument(path.join(path.resolve(config.WEB_DIST_DIR), 'index.html'), this.siteSettings(), () =>
      logger.warn('index.html has no page-meta markers: pages are served without their own title and share card'),
    );
    this.facts = new PageFacts({
      brandsUrl: config.BRANDS_URL,
      huntersUrl: config.HUNTERS_URL,
      agent,
      ttlMs: config.PAGE_FACTS_CACHE_TTL_MS,
      timeoutMs: config.PAGE_FACTS_TIMEOUT_MS,
    });
    this.sitemap = new Sitemap({
      serviceUrls: { brands: config.BRANDS_URL, hunters: config.HUNTERS_URL },
      agent,
      urlsPerFile: config.SITEMAP_URLS_PER_FILE,
    });
  }

  /**
   * Where the site is: `PUBLIC_URL` (required in production, so canonical links never depend on a request's Host),
   * else the address this request came to (development and tests).
   */
  origin(request: FastifyRequest): string {
    return this.publicOrigin ?? `${request.protocol}://${request.host}`;
  }

  /** The head and status of the page at `pathname` (no query). */
  async metaOf(pathname: string): Promise<PageMeta> {
    const page = matchPage(pathname);
    if (!page) return notFoundMeta('page');
    if (page.name === 'brand') return this.subjectMeta(page, 'id', 'brand');
    if (page.name === 'hunter') return this.subjectMeta(page, 'id', 'hunter');
    if (page.name === 'bookSession') return this.subjectMeta(page, 'hunterId', 'hunter');
    if (page.name === 'today') {
      const pick = await this.facts.todayPick();
      return pick.state === 'found' ? todayMeta(pick.facts) : genericMeta('today');
    }
    return genericMeta(page.name);
  }

  private async subjectMeta(page: PageMatch, param: string, what: 'brand' | 'hunter'): Promise<PageMeta> {
    // The SPA asks the service with the text as written; only a canonical id can name anything.
    const id = positiveIntOf(page.params[param] ?? '');
    if (id === null) return notFoundMeta(what);
    if (what === 'brand') {
      const lookup = await this.facts.brand(id);
      if (lookup.state === 'found') return brandMeta(lookup.facts);
      return lookup.state === 'missing' ? notFoundMeta('brand') : genericMeta(page.name);
    }
    const lookup = await this.facts.hunter(id);
    if (lookup.state === 'found') return hunterMeta(lookup.facts);
    return lookup.state === 'missing' ? notFoundMeta('hunter') : genericMeta(page.name);
  }

  /** The head of a meta object at an origin, rendered once per pair (meta objects are reused, see page-meta.ts). */
  private headOf(meta: PageMeta, origin: string): string {
    let byOrigin = this.heads.get(meta);
    if (!byOrigin) this.heads.set(meta, (byOrigin = new Map()));
    let head = byOrigin.get(origin);
    if (head === undefined) {
      head = renderHead(meta, origin);
      // Without PUBLIC_URL the origin is the request's Host: a few are expected, never an unbounded number.
      if (byOrigin.size < MAX_ORIGINS) byOrigin.set(origin, head);
    }
    return head;
  }

  /** A page route: the SPA with the page's head and status (503 text when the web app is not built). */
  async answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const pathname = request.url.split('?')[0] ?? '/';
    const meta = await this.metaOf(pathname);
    const page = meta.status === 200 ? matchPage(pathname) : null;
    // The page's first API reads, fetched while the scripts load (issue 23). A session cookie is enough to ask a
    // signed-in page's reads early: each is answered as the SPA's own would be.
    const signedIn = sessionCookieValue(request.headers.cookie, this.sessionCookie) !== null;
    const preloads = page ? renderPreloads(preloadedReads(page, signedIn)) + renderImagePreload(meta.heroImage) : '';
    // And its own code, at low priority (see renderPageScripts); a guest is not sent the code of a signed-in page.
    const scriptsOf = page && (signedIn || !isSignedInPath(pathname)) ? page.name : undefined;
    const html = await this.document.render(this.headOf(meta, this.origin(request)) + preloads, scriptsOf);
    if (html === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet: index.html is missing. Run `npm run build` (or `npm run build -w web`) and reload.',
        );
    }
    return reply.code(meta.status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  }

  robots(origin: string): string {
    const disallowed = ROBOTS_DISALLOWED.map((prefix) => `Disallow: ${prefix}`);
    return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  }

  /** When the fixed pages last changed: the build's index.html. */
  private async pagesModified(): Promise<string | null> {
    const mtimeMs = await this.document.modified();
    return mtimeMs === null ? null : new Date(mtimeMs).toISOString();
  }

  /** The largest file number a kind can have: ids stop at PostgreSQL's serial maximum. */
  private lastFile(): number {
    return Math.ceil(MAX_SERIAL_ID / this.config.SITEMAP_URLS_PER_FILE);
  }

  /** What the SPA is told about the site (`GET /api/site`): the operator the legal pages name, from configuration. */
  siteSettings(): SiteSettings {
    return {
      operator: {
        name: this.config.OPERATOR_NAME,
        address: this.config.OPERATOR_ADDRESS,
        email: this.config.OPERATOR_EMAIL,
      },
    };
  }

  /**
   * robots.txt, /sitemap.xml and /sitemaps/{pages|<kind>-<n>}.xml, registered before the SPA's catch-all, and the
   * site's settings: a fixed route, so the proxy's `/api/*` catch-all never sees it.
   */
  register(fastify: FastifyInstance): void {
    // Configuration only changes with a restart: a few minutes' staleness in a browser costs nothing.
    fastify.get(SITE_SETTINGS_PATH, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(this.siteSettings()),
    );
    fastify.get('/robots.txt', async (request, reply) =>
      reply
        .header('cache-control', CRAWLER_CACHE)
        .type('text/plain; charset=utf-8')
        .send(this.robots(this.origin(request))),
    );
    fastify.get('/sitemap.xml', async (request, reply) => {
      try {
        const xml = await this.sitemap.index(this.origin(request), await this.pagesModified());
        return reply.header('cache-control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(xml);
      } catch (error) {
        if (!(error instanceof SitemapUnavailableError)) throw error;
        request.log.warn({ err: error }, 'sitemap index not available');
        return reply
          .code(503)
          .header('retry-after', String(SITEMAP_RETRY_AFTER_S))
          .send({ message: 'The sitemap is not available right now.' });
      }
    });
    fastify.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
      const origin = this.origin(request);
      const xml = (body: unknown) =>
        reply.header('cache-control', CRAWLER_CACHE).type('application/xml; charset=utf-8').send(body);
      if (request.params.name === 'pages.xml') return xml(this.sitemap.pages(origin, await this.pagesModified()));
      const file = /^(\w+)-([1-9]\d{0,9})\.xml$/.exec(request.params.name);
      const kind = file?.[1] as SitemapKind | undefined;
      const n = Number(file?.[2]);
      if (!kind || !Object.hasOwn(SITEMAP_KINDS, kind) || n > this.lastFile()) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      return xml(this.sitemap.file(kind, n, origin));
    });
  }
}
