import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { WEEKDAYS, type AvailabilityDay, type AvailabilitySlot, type WeeklyHours } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';

/** A span of London dates, both ends included. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** A date's own record (an empty list is a day off). */
export interface DateRecord {
  date: string;
  timeSlots: AvailabilitySlot[];
  isAvailable: boolean;
}

/** Each date of a span resolved: its own record when it has one, else its weekday's hours (none: a day off). */
const RESOLVED_DAYS = `
  select to_char(d, 'YYYY-MM-DD') as date,
         coalesce(a.time_slots, w.time_slots, '{}') as "timeSlots",
         case when a.id is null then 'weekly' else 'date' end as source
  from generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') d
  left join hunter_availability a on a.hunter_id = $1 and a.date = d::date
  left join hunter_weekly_hours w on w.hunter_id = $1 and w.weekday = extract(isodow from d)
  order by d`;

type DayRow = Omit<AvailabilityDay, 'isAvailable'>;
const dayOf = (row: DayRow): AvailabilityDay => ({ ...row, isAvailable: row.timeSlots.length > 0 });

/**
 * The one owner of hunter_weekly_hours and hunter_availability. Writes take the caller's EntityManager and record
 * hunters.availability.changed in its transaction, so the event commits with the rows.
 */
@Injectable()
export class AvailabilityRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async weeklyHours(hunterId: number, manager: EntityManager = this.dataSource.manager): Promise<WeeklyHours> {
    const rows = await manager.query<{ weekday: number; timeSlots: AvailabilitySlot[] }[]>(
      'select weekday, time_slots as "timeSlots" from hunter_weekly_hours where hunter_id = $1',
      [hunterId],
    );
    const week = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as AvailabilitySlot[]])) as WeeklyHours;
    for (const row of rows) week[WEEKDAYS[row.weekday - 1]!] = row.timeSlots;
    return week;
  }

  /** Sets all seven weekdays (an upsert per day, so racing PUTs never collide) and announces the new week. */
  async setWeeklyHours(manager: EntityManager, hunterId: number, week: WeeklyHours): Promise<WeeklyHours> {
    await manager.query(
      `insert into hunter_weekly_hours (hunter_id, weekday, time_slots)
       select $1, weekday, array(select jsonb_array_elements_text(slots))
       from jsonb_array_elements($2::jsonb) with ordinality as t(slots, weekday)
       on conflict (hunter_id, weekday) do update set time_slots = excluded.time_slots, updated_at = now()`,
      [hunterId, JSON.stringify(WEEKDAYS.map((day) => week[day]))],
    );
    const saved = await this.weeklyHours(hunterId, manager);
    await this.events.publish(manager, 'hunters.availability.changed', { hunterId, weeklyHours: saved, dates: [] });
    return saved;
  }

  /** Each date from start to end, resolved. */
  async days(hunterId: number, { startDate, endDate }: DateRange, manager: EntityManager = this.dataSource.manager): Promise<AvailabilityDay[]> {
    const rows = await manager.query<DayRow[]>(RESOLVED_DAYS, [hunterId, startDate, endDate]);
    return rows.map(dayOf);
  }

  /** Upserts the date's own record (one row per hunter and date, however many race) and announces it. */
  async setDate(manager: EntityManager, hunterId: number, record: DateRecord): Promise<AvailabilityDay> {
    await manager.query(
      `insert into hunter_availability (hunter_id, date, time_slots, is_available) values ($1, $2::date, $3::text[], $4)
       on conflict (hunter_id, date) do update
         set time_slots = excluded.time_slots, is_available = excluded.is_available, updated_at = now()`,
      [hunterId, record.date, record.timeSlots, record.isAvailable],
    );
    return this.announceDates(manager, hunterId, { startDate: record.date, endDate: record.date }).then((days) => days[0]!);
  }

  /** Sets the same slots on every date of the range in one statement of the caller's transaction, with one event. */
  async setRange(manager: EntityManager, hunterId: number, range: DateRange, timeSlots: AvailabilitySlot[]): Promise<AvailabilityDay[]> {
    await manager.query(
      `insert into hunter_availability (hunter_id, date, time_slots, is_available)
       select $1, d::date, $4::text[], cardinality($4::text[]) > 0
       from generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') d
       on conflict (hunter_id, date) do update
         set time_slots = excluded.time_slots, is_available = excluded.is_available, updated_at = now()`,
      [hunterId, range.startDate, range.endDate, timeSlots],
    );
    return this.announceDates(manager, hunterId, range);
  }

  /** Removes the date's own record, so it follows its weekday again; announced only when there was one. */
  async revertDate(manager: EntityManager, hunterId: number, date: string): Promise<AvailabilityDay> {
    const deleted = await manager.query<[unknown[], number]>('delete from hunter_availability where hunter_id = $1 and date = $2::date', [
      hunterId,
      date,
    ]);
    const range = { startDate: date, endDate: date };
    if (!deleted[1]) return (await this.days(hunterId, range, manager))[0]!;
    return (await this.announceDates(manager, hunterId, range))[0]!;
  }

  private async announceDates(manager: EntityManager, hunterId: number, range: DateRange): Promise<AvailabilityDay[]> {
    const dates = await this.days(hunterId, range, manager);
    await this.events.publish(manager, 'hunters.availability.changed', { hunterId, weeklyHours: null, dates });
    return dates;
  }
}
