import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { HuntersModule } from '../hunters/hunters.module.js';
import { JoiningModule } from '../joining/joining.module.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Writes the demo marketplace through each table's owner: hunters, then their joining details and availability. */
@Module({ imports: [HuntersModule, JoiningModule, AvailabilityModule], providers: [DemoDataSeeder], exports: [DemoDataSeeder] })
export class DemoModule {}
