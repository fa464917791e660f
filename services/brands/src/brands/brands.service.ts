import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand, BrandInputFields } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import type { ListQuery } from './brand-query.js';
import { BrandRepository } from './brand.repository.js';
import { newBrandValues } from './brand-values.js';

export interface BrandPage {
  brands: Brand[];
  /** Set when the list was paged: how many brands match the filters. */
  total?: number;
}

/** The public directory: browsing, a brand's page and its views, and a member's submission. */
@Injectable()
export class BrandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandRepository,
  ) {}

  list({ filters, paging }: ListQuery): Promise<BrandPage> {
    return this.brands.list(filters, paging);
  }

  findById(id: number): Promise<Brand> {
    return this.brands.findById(id);
  }

  recordView(id: number): Promise<number> {
    return this.brands.recordView(id);
  }

  /** A member's submission: live at once, with the spec's defaults, announced in the same transaction. */
  async submit(input: BrandInputFields): Promise<Brand> {
    return this.dataSource.transaction(async (manager) => {
      const [brand] = await this.brands.insert(manager, [newBrandValues(input)]);
      return brand!;
    });
  }
}
