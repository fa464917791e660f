import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminBrandInput, Brand } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandEntity } from '../brands/brand.entity.js';
import { toBrand } from '../brands/brand.mapper.js';
import { changedBrandValues, insertBrands, newBrandValues } from './brand-values.js';

const notFound = () => new NotFoundException('Brand not found');

/** The admin console's brand management: every change is one transaction with its event. */
@Injectable()
export class AdminBrandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async list(): Promise<Brand[]> {
    const brands = await this.dataSource.getRepository(BrandEntity).find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return brands.map(toBrand);
  }

  create(input: AdminBrandInput): Promise<Brand> {
    return this.dataSource.transaction(async (manager) => {
      const [id] = await insertBrands(manager, this.events, [newBrandValues(input)]);
      return toBrand(await manager.findOneByOrFail(BrandEntity, { id }));
    });
  }

  update(id: number, input: AdminBrandInput): Promise<Brand> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.update(BrandEntity, { id }, changedBrandValues(input));
      if (!result.affected) throw notFound();
      const brand = await manager.findOneByOrFail(BrandEntity, { id });
      await this.events.publish(manager, 'brands.brand.updated', { brandId: id, name: brand.name });
      return toBrand(brand);
    });
  }

  /** Votes and saves go with the brand (foreign keys cascade); other services learn it from brands.brand.deleted. */
  remove(id: number): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(BrandEntity, { id });
      if (!result.affected) throw notFound();
      await this.events.publish(manager, 'brands.brand.deleted', { brandId: id });
    });
  }
}
