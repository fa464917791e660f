import { Module } from '@nestjs/common';
import { BrandsCsvController } from './brands-csv.controller.js';
import { BrandsCsvService } from './brands-csv.service.js';

@Module({
  controllers: [BrandsCsvController],
  providers: [BrandsCsvService],
})
export class BrandsCsvModule {}
