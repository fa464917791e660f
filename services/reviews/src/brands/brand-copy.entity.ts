import { Entity, PrimaryColumn } from 'typeorm';

/** A brand id that exists in the directory, copied from brands.brand.created; reviews and comments hang off it. */
@Entity({ name: 'brands' })
export class BrandCopy {
  @PrimaryColumn({ name: 'brand_id', type: 'integer' })
  brandId: number;
}
