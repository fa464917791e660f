import type { SitemapEntry, SitemapFile } from '@hunted/contracts';
import type { DataSource } from 'typeorm';

/** A table of pages as the sitemap reads it: its name and the SQL of a row's last change (its columns, unqualified). */
export interface SitemapTable {
  table: string;
  lastModified: string;
  /** The SQL condition a row must meet to be a page (its columns, unqualified); every row when absent. */
  listed?: string;
}

const listedOf = (pages: SitemapTable) => (pages.listed ? `(${pages.listed})` : 'true');

/**
 * The sitemap's files of a table's pages: ids in `((file - 1) * size, file * size]`, with their count and latest
 * change. One pass over the table that answers a row per file, never per page. For the table's owner class.
 */
export async function readSitemapFiles(dataSource: DataSource, pages: SitemapTable, size: number): Promise<SitemapFile[]> {
  const rows = await dataSource.query<{ file: number; urls: number; lastModified: Date }[]>(
    `select ((id - 1) / $1 + 1)::int as file, count(*)::int as urls, max(${pages.lastModified}) as "lastModified"
     from ${pages.table} where ${listedOf(pages)} group by 1 order by 1`,
    [size],
  );
  return rows.map((row) => ({ ...row, lastModified: row.lastModified.toISOString() }));
}

/** A table's pages with `after < id <= upTo`, in id order, at most `limit`: a keyset page on the primary key. */
export async function readSitemapEntries(
  dataSource: DataSource,
  pages: SitemapTable,
  after: number,
  upTo: number,
  limit: number,
): Promise<SitemapEntry[]> {
  const rows = await dataSource.query<{ id: number; name: string; lastModified: Date }[]>(
    `select id, name, ${pages.lastModified} as "lastModified" from ${pages.table}
     where id > $1 and id <= $2 and ${listedOf(pages)} order by id limit $3`,
    [after, upTo, limit],
  );
  return rows.map((row) => ({ ...row, lastModified: row.lastModified.toISOString() }));
}
