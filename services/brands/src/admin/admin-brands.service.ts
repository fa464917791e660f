import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Brand } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandRepository, brandEventOf } from '../brands/brand.repository.js';
import { changedBrandValues, newBrandValues, type BrandFields } from '../brands/brand-values.js';
import { BrandImages } from '../images/brand-images.js';

/** The admin console's brand management: every change is one transaction with its event. */
@Injectable()
export class AdminBrandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly brands: BrandRepository,
    private readonly images: BrandImages,
  ) {}

  list(): Promise<Brand[]> {
    return this.brands.listNewestFirst();
  }

  /** The brand's image is stored by the site first (a link fetched once, before the transaction: decision 0093). */
  async create(input: BrandFields, userId: string): Promise<Brand> {
    const image = await this.images.fromForm(input.imageUrl);
    return this.dataSource.transaction(async (manager) => {
      const imageUrl = await this.images.store(manager, image, userId);
      const [brand] = await this.brands.insert(manager, [newBrandValues({ ...input, imageUrl })]);
      return brand!;
    });
  }

  async update(id: number, input: BrandFields, userId: string): Promise<Brand> {
    const image = await this.images.fromForm(input.imageUrl);
    return this.dataSource.transaction(async (manager) => {
      const imageUrl = await this.images.store(manager, image, userId);
      const brand = await this.brands.update(manager, id, changedBrandValues({ ...input, imageUrl }));
      await this.images.forgetQueuedFetch(manager, id);
      await this.events.publish(manager, 'brands.brand.updated', brandEventOf(brand));
      return brand;
    });
  }

  /** Votes and saves go with the brand (foreign keys cascade); other services learn it from brands.brand.deleted. */
  remove(id: number): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.brands.delete(manager, id);
      await this.events.publish(manager, 'brands.brand.deleted', { brandId: id });
    });
  }
}
