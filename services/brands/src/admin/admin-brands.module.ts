import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { AdminBrandsController } from './admin-brands.controller.js';
import { AdminBrandsService } from './admin-brands.service.js';

@Module({
  imports: [BrandsModule],
  controllers: [AdminBrandsController],
  providers: [AdminBrandsService],
})
export class AdminBrandsModule {}
