import { Module } from '@nestjs/common';
import { AdminBrandsController } from './admin-brands.controller.js';
import { AdminBrandsService } from './admin-brands.service.js';

@Module({
  controllers: [AdminBrandsController],
  providers: [AdminBrandsService],
})
export class AdminBrandsModule {}
