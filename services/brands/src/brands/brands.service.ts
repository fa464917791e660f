import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand, BrandInputFields } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { BrandImages } from '../images/brand-images.js';
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
    private readonly images: BrandImages,
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

  /**
   * A member's submission: live at once, with the spec's defaults, announced in the same transaction. Its image
   * is stored by the site first (a link is fetched once, before the transaction: decision 0093).
   */
  async submit(input: BrandInputFields, userId: string): Promise<Brand> {
    const image = await this.images.fromForm(input.imageUrl);
    return this.dataSource.transaction(async (manager) => {
      const imageUrl = await this.images.store(manager, image, userId);
      const [brand] = await this.brands.insert(manager, [newBrandValues({ ...input, imageUrl })]);
      return brand!;
    });
  }
}
