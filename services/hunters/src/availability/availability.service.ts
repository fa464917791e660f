import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  availabilityDateParamSchemaFor,
  availabilityInputSchemaFor,
  availabilityRangeInputSchemaFor,
  hunterToday,
  type AvailabilityDay,
  type HunterToday,
  type WeeklyHours,
} from '@hunted/contracts';
import { now, parsedOrBadRequest } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';
import { AvailabilityRepository, type DateRange } from './availability.repository.js';

/**
 * A hunter's own availability: weekly hours and dated records; no profile is a 404 'Hunter not found'. The dates a
 * hunter sets are days of their own zone, so a body that sets dates is read here, after the hunter is loaded, by the
 * contracts' schema made for today on the hunter's clock (not past, at most a year ahead); each 400 names its field.
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

  /** The caller's hunter id and today on their clock. */
  private async hunterWithToday(userId: string): Promise<{ hunterId: number; today: HunterToday }> {
    const hunter = await this.hunters.findByUser(userId);
    return { hunterId: hunter.id, today: hunterToday(hunter.timeZone, now()) };
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

  /** `POST /api/hunter-availability`'s body, unread: the date's own hours. */
  async setDate(userId: string, body: unknown): Promise<AvailabilityDay> {
    const { hunterId, today } = await this.hunterWithToday(userId);
    const record = parsedOrBadRequest(availabilityInputSchemaFor(today), body);
    return this.dataSource.transaction((manager) => this.availability.setDate(manager, hunterId, record));
  }

  /** `POST /api/hunter-availability/range`'s body, unread: the same hours on every date of the range. */
  async setRange(userId: string, body: unknown): Promise<AvailabilityDay[]> {
    const { hunterId, today } = await this.hunterWithToday(userId);
    const { startDate, endDate, timeSlots } = parsedOrBadRequest(availabilityRangeInputSchemaFor(today), body);
    return this.dataSource.transaction((manager) =>
      this.availability.setRange(manager, hunterId, { startDate, endDate }, timeSlots),
    );
  }

  /** `DELETE /api/hunter-availability/{date}`'s path parameters, unread: back to the weekday's hours. */
  async revertDate(userId: string, params: unknown): Promise<AvailabilityDay> {
    const { hunterId, today } = await this.hunterWithToday(userId);
    const { date } = parsedOrBadRequest(availabilityDateParamSchemaFor(today), params);
    return this.dataSource.transaction((manager) => this.availability.revertDate(manager, hunterId, date));
  }
}
