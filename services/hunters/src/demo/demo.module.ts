import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { HuntersModule } from '../hunters/hunters.module.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Writes the demo marketplace through each table's owner: hunters, then their availability. */
@Module({ imports: [HuntersModule, AvailabilityModule], providers: [DemoDataSeeder], exports: [DemoDataSeeder] })
export class DemoModule {}
