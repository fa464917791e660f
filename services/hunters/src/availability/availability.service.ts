import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { londonDateOf, type AvailabilityDay, type WeeklyHours } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { HunterRepository } from '../hunters/hunter.repository.js';
import {
  parseDateRecord,
  parseRangeRecord,
  parseReadRange,
  parseSettableDate,
  parseWeeklyHours,
} from './availability-rules.js';
import { AvailabilityRepository } from './availability.repository.js';

/** A hunter's own availability: weekly hours and dated records; no profile is a 404 'Hunter not found'. */
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

  async setWeeklyHours(userId: string, body: unknown): Promise<WeeklyHours> {
    const hunterId = await this.hunterIdOf(userId);
    const week = parseWeeklyHours(body);
    return this.dataSource.transaction((manager) => this.availability.setWeeklyHours(manager, hunterId, week));
  }

  async days(userId: string, query: Record<string, unknown>): Promise<AvailabilityDay[]> {
    const hunterId = await this.hunterIdOf(userId);
    return this.availability.days(hunterId, parseReadRange(query));
  }

  async setDate(userId: string, body: unknown): Promise<AvailabilityDay> {
    const hunterId = await this.hunterIdOf(userId);
    const record = parseDateRecord(body, londonDateOf(Date.now()));
    return this.dataSource.transaction((manager) => this.availability.setDate(manager, hunterId, record));
  }

  async setRange(userId: string, body: unknown): Promise<AvailabilityDay[]> {
    const hunterId = await this.hunterIdOf(userId);
    const { timeSlots, ...range } = parseRangeRecord(body, londonDateOf(Date.now()));
    return this.dataSource.transaction((manager) => this.availability.setRange(manager, hunterId, range, timeSlots));
  }

  async revertDate(userId: string, date: string): Promise<AvailabilityDay> {
    const hunterId = await this.hunterIdOf(userId);
    const checked = parseSettableDate(date, londonDateOf(Date.now()));
    return this.dataSource.transaction((manager) => this.availability.revertDate(manager, hunterId, checked));
  }
}
