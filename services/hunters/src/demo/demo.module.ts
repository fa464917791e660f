import { Module } from '@nestjs/common';
import { AvailabilityModule } from '../availability/availability.module.js';
import { JoiningModule } from '../joining/joining.module.js';
import { StoreModule } from '../store/store.module.js';
import { DemoDataSeeder } from './demo-data.seeder.js';

/** Writes the demo marketplace through each table's owner: hunters, then their joining details and availability. */
@Module({ imports: [StoreModule, JoiningModule, AvailabilityModule], providers: [DemoDataSeeder], exports: [DemoDataSeeder] })
export class DemoModule {}
