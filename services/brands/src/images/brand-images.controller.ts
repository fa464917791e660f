import { Controller, HttpCode, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { brandImageInputSchema, type BrandImageInputFields, type BrandImageResponse } from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandImages } from './brand-images.js';

/**
 * A brand form's image, before the brand is saved: uploaded (`image`) or fetched once from a link (`url`), stored,
 * and answered with the site URL the form then sends as the brand's `imageUrl`. Any signed-in member (the
 * submission form) or admin (the catalogue's form); each upload counts against the member's daily allowance.
 */
@Controller('api/brand-images')
export class BrandImagesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly images: BrandImages,
  ) {}

  @Post()
  @SignedIn()
  @HttpCode(201)
  async create(
    @ValidBody(brandImageInputSchema) body: BrandImageInputFields,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<BrandImageResponse> {
    // Decoded or fetched before the transaction: a refused image costs no database work.
    const intake =
      body.image !== undefined ? await this.images.fromUpload(body.image) : await this.images.fromLink(body.url!);
    const imageUrl = await this.dataSource.transaction((manager) => this.images.store(manager, intake, user.id));
    return { imageUrl };
  }
}
