import { Module } from '@nestjs/common';
import { BrandCopies } from './brand-copies.js';

/** Hunters' copy of the directory; its handlers (`events/`) are listed in AppModule's EventsModule. */
@Module({ providers: [BrandCopies], exports: [BrandCopies] })
export class BrandCopiesModule {}
