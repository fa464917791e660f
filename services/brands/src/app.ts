import { createServiceApp } from '@hunted/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import type { BrandsConfig } from './config.js';
import { registerMultipart } from './csv/csv-upload.js';

/** The brands application as main.ts runs it and the integration tests start it. */
export function createBrandsApp(config: BrandsConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.forRoot(config), { name: 'brands', config, configure: registerMultipart });
}
