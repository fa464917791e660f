import type http from 'node:http';
import { Readable } from 'node:stream';
import {
  INTERNAL_SITEMAP_ENTRIES_PATH,
  INTERNAL_SITEMAP_FILES_PATH,
  type SitemapEntry,
  type SitemapFile,
} from '@hunted/contracts';
import { getJson } from '../upstream-agent.js';
import { escapeHtml } from './page-document.js';
import { brandPath, FIXED_PAGE_PATHS, hunterPath } from './page-meta.js';

/** Entries read from a service per request while a sitemap file streams: what the gateway holds at once. */
export const SITEMAP_READ_PAGE = 1_000;
/** A sitemap read waits this long per call to a service (crawlers retry a 503 or a cut answer later). */
const SITEMAP_READ_TIMEOUT_MS = 10_000;

/** The kinds of pages a service lists, each in files `<kind>-<n>.xml`. */
export const SITEMAP_KINDS = {
  brands: { pathOf: brandPath },
  hunters: { pathOf: hunterPath },
} as const;
export type SitemapKind = keyof typeof SITEMAP_KINDS;

export interface SitemapOptions {
  serviceUrls: Record<SitemapKind, string>;
  agent: http.Agent;
  /** URLs per file (sitemaps.org allows 50,000); files are id ranges of this size. */
  urlsPerFile: number;
}

export class SitemapUnavailableError extends Error {}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlElement(location: string, lastModified?: string): string {
  const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : '';
  return `<url><loc>${escapeHtml(location)}</loc>${lastmod}</url>\n`;
}

/** The file name of a service's n-th file: `brands-1.xml`. */
export const sitemapFileName = (kind: SitemapKind, file: number) => `${kind}-${file}.xml`;

/**
 * The sitemap (sitemaps.org): an index naming `pages.xml` (the fixed public pages) and, per service, one file for
 * every id range of `urlsPerFile` that holds pages, so no file passes the protocol's 50,000 URLs. Each file is
 * streamed while it is read from its service a keyset page of SITEMAP_READ_PAGE at a time, so the gateway never
 * holds more than one page of entries, whatever the size of the directory.
 */
export class Sitemap {
  constructor(private readonly options: SitemapOptions) {}

  private async read<T>(kind: SitemapKind, path: string, query: Record<string, number>): Promise<T> {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const url = `${this.options.serviceUrls[kind]}${path}?${search}`;
    try {
      const { status, body } = await getJson(url, {}, this.options.agent, SITEMAP_READ_TIMEOUT_MS);
      if (status !== 200 || !Array.isArray(body)) throw new Error(`answered ${status}`);
      return body as T;
    } catch (error) {
      throw new SitemapUnavailableError(`${kind} could not list its pages: ${(error as Error).message}`);
    }
  }

  private files(kind: SitemapKind): Promise<SitemapFile[]> {
    return this.read<SitemapFile[]>(kind, INTERNAL_SITEMAP_FILES_PATH, { size: this.options.urlsPerFile });
  }

  /** The sitemap index; throws SitemapUnavailableError when a service cannot list its pages. */
  async index(origin: string, pagesModified: string | null): Promise<string> {
    const kinds = Object.keys(SITEMAP_KINDS) as SitemapKind[];
    const filesByKind = await Promise.all(kinds.map((kind) => this.files(kind)));
    const entry = (name: string, lastModified: string | null) =>
      `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${name}`)}</loc>${lastModified ? `<lastmod>${lastModified}</lastmod>` : ''}</sitemap>\n`;
    const entries = [entry('pages.xml', pagesModified)];
    kinds.forEach((kind, i) => {
      for (const file of filesByKind[i]!) entries.push(entry(sitemapFileName(kind, file.file), file.lastModified));
    });
    return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
  }

  /** `pages.xml`: the fixed public pages, last changed with the build. */
  pages(origin: string, lastModified: string | null): string {
    const urls = FIXED_PAGE_PATHS.map((path) => urlElement(`${origin}${path}`, lastModified ?? undefined));
    return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${urls.join('')}</urlset>\n`;
  }

  /**
   * A service's n-th file as a stream. An error from the service half-way destroys the stream, so the client sees
   * a cut answer (and tries again later) rather than a well-formed file missing pages.
   */
  file(kind: SitemapKind, file: number, origin: string): Readable {
    const upTo = file * this.options.urlsPerFile;
    let after = upTo - this.options.urlsPerFile;
    const { pathOf } = SITEMAP_KINDS[kind];
    const read = (from: number) =>
      this.read<SitemapEntry[]>(kind, INTERNAL_SITEMAP_ENTRIES_PATH, { after: from, upTo, limit: SITEMAP_READ_PAGE });
    return Readable.from(
      (async function* entries() {
        yield `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
        for (;;) {
          const page = await read(after);
          yield page.map((entry) => urlElement(`${origin}${pathOf(entry)}`, entry.lastModified)).join('');
          if (page.length < SITEMAP_READ_PAGE) break;
          after = page.at(-1)!.id;
        }
        yield '</urlset>\n';
      })(),
      { objectMode: false },
    );
  }
}
