import { Controller, Get, Inject } from '@nestjs/common';
import {
  listWholeNumber,
  SITEMAP_ENTRIES_MAX_LIMIT,
  SITEMAP_MAX_URLS,
  type SitemapEntry,
  type SitemapFile,
} from '@hunted/contracts';
import { z } from 'zod';
import { Public } from '../auth/access.decorators.js';
import { MAX_SERIAL_ID } from './id-param.js';
import { ValidQuery } from './schema-pipe.js';

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

/** A whole number parameter, `byDefault` when absent, blank or 'all'. */
const wholeNumber = (key: string, min: number, max: number, byDefault: number) =>
  listWholeNumber(key, min, max).transform((value) => value ?? byDefault);

/** `GET /internal/sitemap/files?size=`: the URLs a file holds, at most (and by default) SITEMAP_MAX_URLS. */
export const sitemapFilesQuerySchema = z.object({ size: wholeNumber('size', 1, SITEMAP_MAX_URLS, SITEMAP_MAX_URLS) });

/** `GET /internal/sitemap/entries?after=&upTo=&limit=`: ids in `(after, upTo]`, at most `limit`; unknown ones ignored. */
export const sitemapEntriesQuerySchema = z.object({
  after: wholeNumber('after', 0, MAX_SERIAL_ID, 0),
  upTo: wholeNumber('upTo', 0, MAX_SERIAL_ID, MAX_SERIAL_ID),
  limit: wholeNumber('limit', 1, SITEMAP_ENTRIES_MAX_LIMIT, SITEMAP_ENTRIES_MAX_LIMIT),
});

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
  files(
    @ValidQuery(sitemapFilesQuerySchema) { size }: z.output<typeof sitemapFilesQuerySchema>,
  ): Promise<SitemapFile[]> {
    return this.source.sitemapFiles(size);
  }

  @Get('entries')
  @Public()
  entries(
    @ValidQuery(sitemapEntriesQuerySchema) { after, upTo, limit }: z.output<typeof sitemapEntriesQuerySchema>,
  ): Promise<SitemapEntry[]> {
    return this.source.sitemapEntries(after, upTo, limit);
  }
}
