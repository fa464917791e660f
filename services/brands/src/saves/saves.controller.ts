import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { Brand, SavedStateResponse } from '@hunted/contracts';
import { CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { requireBrandId } from '../brands/brands.controller.js';
import { SavesService } from './saves.service.js';

@Controller('api')
@SignedIn()
export class SavesController {
  constructor(private readonly saves: SavesService) {}

  @Get('brands/:id/saved')
  async saved(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    return { isSaved: await this.saves.isSaved(user.id, requireBrandId(id)) };
  }

  @Post('brands/:id/save')
  @HttpCode(200)
  async save(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    await this.saves.save(user.id, requireBrandId(id));
    return { isSaved: true };
  }

  @Delete('brands/:id/save')
  async unsave(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<SavedStateResponse> {
    await this.saves.unsave(user.id, requireBrandId(id));
    return { isSaved: false };
  }

  @Get('saved-brands')
  list(@CurrentUser() user: AuthenticatedUser): Promise<Brand[]> {
    return this.saves.list(user.id);
  }
}
