import { Injectable } from '@nestjs/common';
import type { TodayBrand } from '@hunted/contracts';
import type { ListQuery } from '../brands/brand-query.js';
import { BrandRepository, type TodayRankRow } from '../brands/brand.repository.js';

export interface TodayPage {
  brands: TodayBrand[];
  total?: number;
}

function todayBrandOf({ total: _total, ...brand }: TodayRankRow): TodayBrand {
  return brand;
}

/** Today's ranking (votes received today, then all-time votes, then id: see BrandRepository.todayRanking). */
@Injectable()
export class TodayService {
  constructor(private readonly brands: BrandRepository) {}

  async list({ filters, paging }: ListQuery): Promise<TodayPage> {
    const rows = await this.brands.todayRanking(filters, paging);
    if (!paging) return { brands: rows.map(todayBrandOf) };
    // The total rides on the page's own statement; a page past the end has no row to carry it.
    const total = rows[0]?.total ?? (await this.brands.count(filters));
    return { brands: rows.map(todayBrandOf), total };
  }

  async top(limit: number): Promise<TodayBrand[]> {
    return (await this.brands.todayRanking({}, { limit, offset: 0 })).map(todayBrandOf);
  }

  /**
   * The brand of the day: one an admin featured for today, or the job's pick stored the same way; if neither
   * exists yet (the job has not run), the head of today's ranking. null only when there are no brands.
   */
  async featured(): Promise<TodayBrand | null> {
    const stored = await this.brands.featuredToday();
    if (stored) return stored;
    const [first] = await this.top(1);
    return first ?? null;
  }
}
