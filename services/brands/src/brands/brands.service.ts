import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_PRICE_CATEGORY, type Brand } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { BrandFilters, ListQuery } from './brand-query.js';
import { BRAND_COLUMNS, brandCountSql, brandOfRow, filterConditions, whereClause, type BrandRow } from './brand-sql.js';
import type { BrandInputDto } from './brand-input.dto.js';

export const BRAND_NOT_FOUND = 'Brand not found';

export interface BrandPage {
  brands: Brand[];
  /** Set when the list was paged: how many brands match the filters. */
  total?: number;
}

@Injectable()
export class BrandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  /** The directory, best first: rating, then votes (the spec's rank within a category), then oldest. */
  async list({ filters, paging }: ListQuery): Promise<BrandPage> {
    const params: unknown[] = [];
    const where = whereClause(filterConditions(filters, params));
    const order = 'order by b.rating desc, b.votes desc, b.id';
    if (!paging) {
      const rows = await this.dataSource.query<BrandRow[]>(`select ${BRAND_COLUMNS} from brands b ${where} ${order}`, params);
      return { brands: rows.map(brandOfRow), total: undefined };
    }
    // The total rides along as an uncorrelated subquery (computed once): one round trip per page, not two.
    const count = brandCountSql(filters, params);
    const rows = await this.dataSource.query<(BrandRow & { total: number })[]>(
      `select ${BRAND_COLUMNS}, ${count} as total from brands b ${where} ${order}
       limit ${paging.limit} offset ${paging.offset}`,
      params,
    );
    // A page past the end carries no row to read the total from.
    const total = rows[0]?.total ?? (paging.offset > 0 ? await this.count(filters) : 0);
    return { brands: rows.map(({ total: _total, ...row }) => brandOfRow(row)), total };
  }

  /** The exact number of brands matching the filters (see brandCountSql). */
  async count(filters: BrandFilters): Promise<number> {
    const params: unknown[] = [];
    const [row] = await this.dataSource.query<{ n: number }[]>(`select ${brandCountSql(filters, params)} as n`, params);
    return row!.n;
  }

  async findById(id: number): Promise<Brand> {
    const [row] = await this.dataSource.query<BrandRow[]>(`select ${BRAND_COLUMNS} from brands b where b.id = $1`, [id]);
    if (!row) throw new NotFoundException(BRAND_NOT_FOUND);
    return brandOfRow(row);
  }

  /** One page view, counted atomically however many arrive at once. */
  async recordView(id: number): Promise<number> {
    const [rows] = await this.dataSource.query<[{ views: number }[], number]>(
      `update brands set views = views + 1 where id = $1 returning views`,
      [id],
    );
    if (!rows?.length) throw new NotFoundException(BRAND_NOT_FOUND);
    return rows[0]!.views;
  }

  /** A member's submission: live at once, with the spec's defaults, announced in the same transaction. */
  async submit(input: BrandInputDto): Promise<Brand> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<BrandRow[]>(
        `insert into brands as b (name, description, category, location, delivery, image_url, instagram_url, etsy_url,
           website_url, tiktok_url, tags, hashtags, price_category, featured, featured_date)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, false, null)
         returning ${BRAND_COLUMNS}`,
        [
          input.name,
          input.description,
          input.category,
          input.location,
          input.delivery,
          input.imageUrl,
          input.instagramUrl ?? null,
          input.etsyUrl ?? null,
          input.websiteUrl ?? null,
          input.tiktokUrl ?? null,
          input.tags ?? [],
          input.hashtags ?? [],
          input.priceCategory ?? DEFAULT_PRICE_CATEGORY,
        ],
      );
      const brand = brandOfRow(row!);
      await this.events.publish(manager, 'brands.brand.created', { brandId: brand.id, name: brand.name });
      return brand;
    });
  }
}
