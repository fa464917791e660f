import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { BrandModeratedKind } from './brand-moderated-kind.js';

/**
 * The brand as a moderated kind. The kit's `ModerationModule.forService({ kinds })` takes BrandModeratedKind
 * (AppModule wires it once the kit is on main); until then the kind is provided here for its tests.
 */
@Module({ imports: [BrandsModule], providers: [BrandModeratedKind], exports: [BrandModeratedKind] })
export class BrandModerationModule {}
