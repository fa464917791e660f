import { Controller, Get, Put } from '@nestjs/common';
import { goToBrandsInputSchema, type BrandRef, type GoToBrandsInput } from '@hunted/contracts';
import { CurrentUser, IdParam, PublicGet, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { HUNTER_NOT_FOUND } from '../store/hunter.repository.js';
import { GoToBrandsService } from './go-to-brands.service.js';

/**
 * Go-to brands: `/api/hunter-profile/go-to-brands` is the signed-in hunter's own list (no hunter named, so nobody
 * reads or writes another's); `/api/hunters/{id}/go-to-brands` is an approved hunter's, for their public page.
 */
@Controller('api')
export class GoToBrandsController {
  constructor(private readonly goTo: GoToBrandsService) {}

  @Get('hunter-profile/go-to-brands')
  @SignedIn()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<BrandRef[]> {
    return this.goTo.mine(user.id);
  }

  @Put('hunter-profile/go-to-brands')
  @SignedIn()
  set(@CurrentUser() user: AuthenticatedUser, @ValidBody(goToBrandsInputSchema) input: GoToBrandsInput): Promise<BrandRef[]> {
    return this.goTo.set(user.id, input.brandIds);
  }

  @PublicGet('hunters/:id/go-to-brands')
  ofHunter(@IdParam('id', HUNTER_NOT_FOUND) id: number): Promise<BrandRef[]> {
    return this.goTo.ofHunter(id);
  }
}
