import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  saveBrandsInputSchema,
  type Brand,
  type SaveBrandsInputParsed,
  type SaveBrandsResponse,
  type SavedStateResponse,
} from '@hunted/contracts';
import { CurrentUser, IdParam, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { BRAND_NOT_FOUND } from '../brands/brand.repository.js';
import { SavesService } from './saves.service.js';

@Controller('api')
@SignedIn()
export class SavesController {
  constructor(private readonly saves: SavesService) {}

  @Get('brands/:id/saved')
  async saved(@IdParam('id', BRAND_NOT_FOUND) id: number, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    return { isSaved: await this.saves.isSaved(user.id, id) };
  }

  @Post('brands/:id/save')
  @HttpCode(200)
  async save(@IdParam('id', BRAND_NOT_FOUND) id: number, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    await this.saves.save(user.id, id);
    return { isSaved: true };
  }

  @Delete('brands/:id/save')
  async unsave(@IdParam('id', BRAND_NOT_FOUND) id: number, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    await this.saves.unsave(user.id, id);
    return { isSaved: false };
  }

  /** 'Save all brands' of an edit: 1–50 ids saved at once (or none, 404, when one is unknown). */
  @Post('saved-brands')
  @HttpCode(200)
  async saveAll(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(saveBrandsInputSchema) { brandIds }: SaveBrandsInputParsed,
  ): Promise<SaveBrandsResponse> {
    return { saved: await this.saves.saveAll(user.id, brandIds) };
  }

  @Get('saved-brands')
  list(@CurrentUser() user: AuthenticatedUser): Promise<Brand[]> {
    return this.saves.list(user.id);
  }
}
