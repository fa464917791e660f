import { Module } from '@nestjs/common';
import { BrandsModule } from '../brands/brands.module.js';
import { SavesModule } from '../saves/saves.module.js';
import { VotesModule } from '../votes/votes.module.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Writes the demo directory through each table's owner: brands, votes and saves. */
@Module({ imports: [BrandsModule, VotesModule, SavesModule], providers: [DemoDataSeeder], exports: [DemoDataSeeder] })
export class DemoModule {}
