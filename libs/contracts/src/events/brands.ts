/** Events the brands service publishes (on `events:brands`). */

/** A brand entered the directory (submission, admin create or CSV upload). */
export interface BrandCreatedV1 {
  brandId: number;
  name: string;
  /**
   * Its image and value tags (issue 25: hunters' copy of the directory shows the image and filters hunters by the
   * tags of the brands they know). Events from before carry neither: they read as the placeholder and no tags.
   */
  imageUrl: string;
  tags: string[];
}

export type BrandUpdatedV1 = BrandCreatedV1;

/** A brand was removed with its votes and saves; its reviews, photos and comments must go too. */
export interface BrandDeletedV1 {
  brandId: number;
}
