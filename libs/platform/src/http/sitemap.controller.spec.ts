import { BadRequestException } from '@nestjs/common';
import { SITEMAP_ENTRIES_MAX_LIMIT, SITEMAP_MAX_URLS } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_SERIAL_ID } from './id-param.js';
import { SchemaPipe } from './schema-pipe.js';
import { sitemapEntriesQuerySchema, sitemapFilesQuerySchema } from './sitemap.controller.js';

function answerOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  }
  throw new Error('expected a 400');
}

describe("the sitemap routes' queries", () => {
  const files = new SchemaPipe(sitemapFilesQuerySchema);
  const entries = new SchemaPipe(sitemapEntriesQuerySchema);

  it('fills the defaults; blank or "all" is a default, unknown parameters are ignored', () => {
    expect(files.transform({})).toEqual({ size: SITEMAP_MAX_URLS });
    expect(files.transform({ size: ' 10 ', other: 'x' })).toEqual({ size: 10 });
    expect(entries.transform({ after: '', upTo: 'all' })).toEqual({
      after: 0,
      upTo: MAX_SERIAL_ID,
      limit: SITEMAP_ENTRIES_MAX_LIMIT,
    });
    expect(entries.transform({ after: '7', upTo: '9', limit: '2' })).toEqual({ after: 7, upTo: 9, limit: 2 });
  });

  it('names each bad parameter in one 400', () => {
    expect(answerOf(() => files.transform({ size: '50001' }))).toEqual({
      statusCode: 400,
      message: 'size must be a whole number from 1 to 50000',
      errors: { size: 'size must be a whole number from 1 to 50000' },
    });
    expect(answerOf(() => entries.transform({ after: '-1', upTo: ['1', '2'], limit: '5001' }))).toEqual({
      statusCode: 400,
      message: `after must be a whole number from 0 to ${MAX_SERIAL_ID}. upTo may be given only once. limit must be a whole number from 1 to 5000`,
      errors: {
        after: `after must be a whole number from 0 to ${MAX_SERIAL_ID}`,
        upTo: 'upTo may be given only once',
        limit: 'limit must be a whole number from 1 to 5000',
      },
    });
  });
});
