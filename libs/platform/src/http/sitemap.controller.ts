import { Controller, Get, Inject, Query } from '@nestjs/common';
import { SITEMAP_ENTRIES_MAX_LIMIT, SITEMAP_MAX_URLS, type SitemapEntry, type SitemapFile } from '@hunted/contracts';
import { Public } from '../auth/access.decorators.js';
import { MAX_SERIAL_ID } from './id-param.js';
import { ListQueryReader } from './list-query.js';

/**
 * What a service that owns pages gives the gateway's sitemap, implemented by the owner of its table (brands'
 * `BrandRepository`, hunters' `HunterRepository`): the files (id ranges of `size`) that hold pages, and one
 * bounded page of entries in id order, so no reader ever holds every row.
 */
export interface SitemapSource {
  sitemapFiles(size: number): Promise<SitemapFile[]>;
  sitemapEntries(after: number, upTo: number, limit: number): Promise<SitemapEntry[]>;
}

/** The injection token of a service's SitemapSource: `{ provide: SITEMAP_SOURCE, useExisting: BrandRepository }`. */
export const SITEMAP_SOURCE = Symbol('SITEMAP_SOURCE');

/**
 * `GET /internal/sitemap/files` and `/entries` (see INTERNAL_SITEMAP_FILES_PATH in the contracts). Public to the
 * service's guard because the gateway calls them without a user, and unreachable from outside because the gateway
 * never proxies `/internal/*`; they answer only what the public pages show anyway (ids, names, dates).
 */
@Controller('internal/sitemap')
export class SitemapController {
  constructor(@Inject(SITEMAP_SOURCE) private readonly source: SitemapSource) {}

  @Get('files')
  @Public()
  files(@Query() query: Record<string, unknown>): Promise<SitemapFile[]> {
    const reader = new ListQueryReader(query);
    const size = reader.integer('size', 1, SITEMAP_MAX_URLS) ?? SITEMAP_MAX_URLS;
    reader.done();
    return this.source.sitemapFiles(size);
  }

  @Get('entries')
  @Public()
  entries(@Query() query: Record<string, unknown>): Promise<SitemapEntry[]> {
    const reader = new ListQueryReader(query);
    const after = reader.integer('after', 0, MAX_SERIAL_ID) ?? 0;
    const upTo = reader.integer('upTo', 0, MAX_SERIAL_ID) ?? MAX_SERIAL_ID;
    const limit = reader.integer('limit', 1, SITEMAP_ENTRIES_MAX_LIMIT) ?? SITEMAP_ENTRIES_MAX_LIMIT;
    reader.done();
    return this.source.sitemapEntries(after, upTo, limit);
  }
}
