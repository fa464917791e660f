import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AvailabilityDay, AvailabilitySlot, WeeklyHours } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';
import { AvailabilityRepository, type DateRange, type DateRecord } from './availability.repository.js';

/**
 * A hunter's own availability: weekly hours and dated records; no profile is a 404 'Hunter not found'. Input
 * arrives checked by the contracts' availability schemas (dates compared with today in London).
 */
@Injectable()
export class AvailabilityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly availability: AvailabilityRepository,
  ) {}

  private async hunterIdOf(userId: string): Promise<number> {
    return (await this.hunters.findByUser(userId)).id;
  }

  async weeklyHours(userId: string): Promise<WeeklyHours> {
    return this.availability.weeklyHours(await this.hunterIdOf(userId));
  }

  async setWeeklyHours(userId: string, week: WeeklyHours): Promise<WeeklyHours> {
    const hunterId = await this.hunterIdOf(userId);
    return this.dataSource.transaction((manager) => this.availability.setWeeklyHours(manager, hunterId, week));
  }

  async days(userId: string, range: DateRange): Promise<AvailabilityDay[]> {
    const hunterId = await this.hunterIdOf(userId);
    return this.availability.days(hunterId, range);
  }

  async setDate(userId: string, record: DateRecord): Promise<AvailabilityDay> {
    const hunterId = await this.hunterIdOf(userId);
    return this.dataSource.transaction((manager) => this.availability.setDate(manager, hunterId, record));
  }

  async setRange(userId: string, range: DateRange, timeSlots: AvailabilitySlot[]): Promise<AvailabilityDay[]> {
    const hunterId = await this.hunterIdOf(userId);
    return this.dataSource.transaction((manager) => this.availability.setRange(manager, hunterId, range, timeSlots));
  }

  async revertDate(userId: string, date: string): Promise<AvailabilityDay> {
    const hunterId = await this.hunterIdOf(userId);
    return this.dataSource.transaction((manager) => this.availability.revertDate(manager, hunterId, date));
  }
}
