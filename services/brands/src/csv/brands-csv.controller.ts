import { Controller, Get, Header, Post, Req } from '@nestjs/common';
import type { CsvUploadResponse } from '@hunted/contracts';
import { AdminOnly } from '@hunted/platform';
import type { FastifyRequest } from 'fastify';
import { brandCsvTemplate, CSV_TEMPLATE_FILENAME } from './brand-csv-template.js';
import { BrandsCsvService } from './brands-csv.service.js';
import { readCsvFile } from './csv-upload.js';

@Controller('api/admin/brands')
@AdminOnly()
export class BrandsCsvController {
  constructor(private readonly csv: BrandsCsvService) {}

  @Post('upload-csv')
  async upload(@Req() request: FastifyRequest): Promise<CsvUploadResponse> {
    return this.csv.upload(await readCsvFile(request));
  }

  @Get('csv-template')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', `attachment; filename="${CSV_TEMPLATE_FILENAME}"`)
  @Header('cache-control', 'no-cache')
  template(): string {
    return brandCsvTemplate();
  }
}
