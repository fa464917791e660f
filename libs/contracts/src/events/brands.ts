/** Events the brands service publishes (on `events:brands`). */

/** A brand entered the directory (submission, admin create or CSV upload). */
export interface BrandCreatedV1 {
  brandId: number;
  name: string;
}

export type BrandUpdatedV1 = BrandCreatedV1;

/** A brand was removed with its votes and saves; its reviews, photos and comments must go too. */
export interface BrandDeletedV1 {
  brandId: number;
}
