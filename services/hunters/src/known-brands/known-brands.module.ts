import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module.js';
import { GoToBrandsController } from './go-to-brands.controller.js';
import { GoToBrandsRepository } from './go-to-brands.repository.js';
import { GoToBrandsService } from './go-to-brands.service.js';

/**
 * The brands each hunter knows: their go-to brands (this module owns `hunter_go_to_brands`). The listing's `brand`
 * and `valueTag` filters read them, with the brands named in edits, in `store/hunter-sql.ts`.
 */
@Module({
  imports: [StoreModule],
  controllers: [GoToBrandsController],
  providers: [GoToBrandsRepository, GoToBrandsService],
  exports: [GoToBrandsRepository],
})
export class KnownBrandsModule {}
