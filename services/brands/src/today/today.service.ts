import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TodayBrand } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import type { BrandFilters, ListQuery, Paging } from '../brands/brand-query.js';
import { BRAND_COLUMNS, brandCountSql, brandOfRow, filterConditions, LONDON_TODAY, TODAY_VOTES, whereClause, type BrandRow } from '../brands/brand-sql.js';
import { BrandsService } from '../brands/brands.service.js';

export interface TodayPage {
  brands: TodayBrand[];
  total?: number;
}

/** A ranked brand; a paged query adds the filters' total to each row. */
type TodayRow = BrandRow & { todayVotes: number; total?: number };

function todayBrandOf({ total: _total, ...row }: TodayRow): TodayBrand {
  return { ...brandOfRow(row), todayVotes: row.todayVotes };
}

/**
 * Today's ranking: votes received today (the Europe/London calendar day), then all-time votes, then id.
 *
 * Every brand row carries its latest day's vote count (today_votes_day, today_votes). The brands voted today are
 * the index range today_votes_day = today of (today_votes_day, today_votes desc, votes desc, id), already in rank
 * order; every other brand follows in all-time order, which (votes desc, id) holds. A page is the union of those
 * two ordered index scans stopping together at offset + limit, so it never joins or sorts the directory, however
 * many brands were voted today. See docs/brands-today.md.
 */
@Injectable()
export class TodayService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandsService,
  ) {}

  async list({ filters, paging }: ListQuery): Promise<TodayPage> {
    const rows = await this.ranked(filters, paging);
    if (!paging) return { brands: rows.map(todayBrandOf) };
    // The total rides on the page's own statement; a page past the end has no row to carry it.
    const total = rows[0]?.total ?? (await this.brands.count(filters));
    return { brands: rows.map(todayBrandOf), total };
  }

  async top(limit: number): Promise<TodayBrand[]> {
    return (await this.ranked({}, { limit, offset: 0 })).map(todayBrandOf);
  }

  /**
   * The brand of the day: one an admin featured for today, or the job's pick stored the same way; if neither
   * exists yet (the job has not run), the head of today's ranking. null only when there are no brands.
   */
  async featured(): Promise<TodayBrand | null> {
    const [stored] = await this.dataSource.query<TodayRow[]>(
      `select ${BRAND_COLUMNS}, ${TODAY_VOTES} as "todayVotes"
       from brands b where b.featured and b.featured_date = ${LONDON_TODAY}
       order by "todayVotes" desc, b.votes desc, b.id limit 1`,
    );
    if (stored) return todayBrandOf(stored);
    const [first] = await this.top(1);
    return first ?? null;
  }

  /**
   * The ranking is decided on narrow rows (id, today's votes, votes) read from the indexes, and only the page's
   * brands are then read in full, so a deep page does not carry thousands of whole rows through the sort.
   * The voted-today part comes first (each of its brands has todayVotes >= 1, every other brand 0), so the
   * all-time part is asked only for the rows the page still needs: when the voted-today brands fill the page its
   * LIMIT is 0 and its index scan never runs. A paged answer carries the filters' total on every row.
   */
  private ranked(filters: BrandFilters, paging: Paging | null): Promise<TodayRow[]> {
    const params: unknown[] = [];
    const conditions = filterConditions(filters, params);
    const votedToday = whereClause([...conditions, `b.today_votes_day = ${LONDON_TODAY}`]);
    const rest = whereClause([...conditions, `b.today_votes_day is distinct from ${LONDON_TODAY}`]);
    const needed = paging && paging.offset + paging.limit;
    const votedCut = paging ? `limit ${needed}` : '';
    const restCut = paging ? `limit greatest(${needed} - (select count(*) from voted), 0)` : '';
    const page = paging ? `limit ${paging.limit} offset ${paging.offset}` : '';
    const total = paging ? `, ${brandCountSql(filters, params)} as total` : '';
    return this.dataSource.query<TodayRow[]>(
      `with voted as (
         select b.id, b.today_votes as today, b.votes from brands b ${votedToday}
         order by b.today_votes desc, b.votes desc, b.id ${votedCut}),
       ranked as (
         select id, today, votes from voted
         union all
         (select b.id, 0, b.votes from brands b ${rest} order by b.votes desc, b.id ${restCut})
         order by today desc, votes desc, id ${page})
       select ${BRAND_COLUMNS}, r.today as "todayVotes" ${total}
       from ranked r join brands b on b.id = r.id
       order by r.today desc, r.votes desc, r.id`,
      params,
    );
  }
}
