import { Module } from '@nestjs/common';
import { BrandCopies } from './brand-copies.js';

@Module({ providers: [BrandCopies], exports: [BrandCopies] })
export class BrandCopiesModule {}
