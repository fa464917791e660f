import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { TodayBrand } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import type { ListQuery } from '../brands/brand-query.js';
import { BRAND_COLUMNS, brandOfRow, filterConditions, LONDON_TODAY, whereClause, type BrandRow } from '../brands/brand-sql.js';
import { BrandsService } from '../brands/brands.service.js';

export interface TodayPage {
  brands: TodayBrand[];
  total?: number;
}

type TodayRow = BrandRow & { todayVotes: number };

function todayBrandOf(row: TodayRow): TodayBrand {
  return { ...brandOfRow(row), todayVotes: row.todayVotes };
}

/**
 * Today's ranking: votes received today (the Europe/London calendar day), then all-time votes, then id.
 *
 * Brands voted for today are few (they come from brand_daily_votes for one day); every other brand follows in
 * all-time order, which an index (votes desc, id) already holds. So the query is the union of those two
 * ordered parts, each cut at offset + limit, and never sorts the whole directory for a page.
 */
@Injectable()
export class TodayService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandsService,
  ) {}

  async list({ filters, paging }: ListQuery): Promise<TodayPage> {
    const params: unknown[] = [];
    const conditions = filterConditions(filters, params);
    const rows = this.ranked(conditions, params, paging?.limit, paging?.offset ?? 0);
    const total = paging ? this.brands.count(whereClause(conditions), params) : undefined;
    return { brands: (await rows).map(todayBrandOf), total: await total };
  }

  async top(limit: number): Promise<TodayBrand[]> {
    return (await this.ranked([], [], limit, 0)).map(todayBrandOf);
  }

  /**
   * The brand of the day: one an admin featured for today, or the job's pick stored the same way; if neither
   * exists yet (the job has not run), the head of today's ranking. null only when there are no brands.
   */
  async featured(): Promise<TodayBrand | null> {
    const [stored] = await this.dataSource.query<TodayRow[]>(
      `select ${BRAND_COLUMNS}, coalesce(d.votes, 0) as "todayVotes"
       from brands b left join brand_daily_votes d on d.brand_id = b.id and d.day = ${LONDON_TODAY}
       where b.featured and b.featured_date = ${LONDON_TODAY}
       order by "todayVotes" desc, b.votes desc, b.id limit 1`,
    );
    if (stored) return todayBrandOf(stored);
    const [first] = await this.top(1);
    return first ?? null;
  }

  private ranked(conditions: string[], params: unknown[], limit: number | undefined, offset: number): Promise<TodayRow[]> {
    const cut = limit === undefined ? '' : `limit ${offset + limit}`;
    const page = limit === undefined ? '' : `limit ${limit} offset ${offset}`;
    const votedToday = whereClause(conditions);
    const rest = whereClause([...conditions, 'b.id not in (select brand_id from today)']);
    return this.dataSource.query<TodayRow[]>(
      `with today as (select brand_id, votes from brand_daily_votes where day = ${LONDON_TODAY})
       select * from (
         (select ${BRAND_COLUMNS}, t.votes as "todayVotes"
          from today t join brands b on b.id = t.brand_id ${votedToday}
          order by t.votes desc, b.votes desc, b.id ${cut})
         union all
         (select ${BRAND_COLUMNS}, 0 as "todayVotes"
          from brands b ${rest}
          order by b.votes desc, b.id ${cut})
       ) ranked
       order by "todayVotes" desc, votes desc, id ${page}`,
      params,
    );
  }
}
