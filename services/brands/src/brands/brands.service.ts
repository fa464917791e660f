import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { moderationNoticePath, type Brand, type BrandInputFields } from '@hunted/contracts';
import type { AuthenticatedUser } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandImages } from '../images/brand-images.js';
import type { ListQuery } from './brand-query.js';
import { BRAND_NOT_FOUND, BrandRepository } from './brand.repository.js';
import { HiddenBrandReason } from './hidden-brand-reason.js';
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
    private readonly hiddenReason: HiddenBrandReason,
  ) {}

  list({ filters, paging }: ListQuery): Promise<BrandPage> {
    return this.brands.list(filters, paging);
  }

  /**
   * A brand's page. A brand moderation hid is 404 'Brand not found' to everyone but an admin and its submitter, who
   * get it with `moderation` (why, and the notice where the submitter may appeal once).
   */
  async findPage(id: number, viewer: AuthenticatedUser | null): Promise<Brand> {
    const page = await this.brands.findPage(id);
    if (!page) throw new NotFoundException(BRAND_NOT_FOUND);
    if (page.hiddenAt === null) return page.brand;
    const mayRead = viewer !== null && (viewer.isAdmin || (page.submittedBy !== null && viewer.id === page.submittedBy));
    if (!mayRead) throw new NotFoundException(BRAND_NOT_FOUND);
    return {
      ...page.brand,
      moderation: { hidden: true, reason: await this.hiddenReason.of(id), noticePath: moderationNoticePath('brand', id) },
    };
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
      // The submitter is kept so they can still open their brand (and appeal) should moderation hide it.
      const [brand] = await this.brands.insert(manager, [{ ...newBrandValues({ ...input, imageUrl }), submittedBy: userId }]);
      return brand!;
    });
  }
}
