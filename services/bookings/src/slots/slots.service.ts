import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  BOOKING_RULES,
  SESSION_TYPES,
  daysBetween,
  isCalendarDate,
  sessionDateIn,
  type SessionTypeKey,
  type Slot,
  type SlotsResponse,
} from '@hunted/contracts';
import { now, SERVICE_CONFIG } from '@hunted/platform';
import { BookingQueries } from '../store/booking-queries.js';
import type { BookingsConfig } from '../config.js';
import { HunterCopies, type HunterCopy } from '../hunters/hunter-copies.js';
import { bookableSlots, type BusyRange } from './bookable-slots.js';

const ALL_HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/** Whether a hunter takes bookings of a type at all (an Unavailable hunter or a disabled type takes none). */
export function openFor(hunter: HunterCopy, sessionType: SessionTypeKey): boolean {
  return hunter.availabilityStatus !== 'Unavailable' && hunter.sessionTypes[sessionType].enabled;
}

/** The day's slot at `time`, with the day's date. */
function datedSlotAt(day: { date: string; slots: Slot[] } | undefined, time: string): DatedSlot | null {
  const slot = day?.slots.find((candidate) => candidate.time === time);
  return day && slot ? { ...slot, date: day.date } : null;
}

/** A slot and the date on the hunter's clock it falls on: what a booking row stores as its `session_date`. */
export type DatedSlot = Slot & { date: string };

/**
 * Slots as the pages see them, and the one check every hold, free booking and reschedule makes. Reads the
 * availability copy and the active rows of hunter_bookings (through their owner, BookingRepository).
 */
@Injectable()
export class SlotsService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
    private readonly hunters: HunterCopies,
    private readonly queries: BookingQueries,
  ) {}

  async slots(hunterId: number, query: Record<string, unknown>): Promise<SlotsResponse> {
    const from = isCalendarDate(query.from) ? query.from : null;
    const to = isCalendarDate(query.to) ? query.to : null;
    const sessionType = query.sessionType;
    if (!from || !to) throw new BadRequestException('from and to must be dates (YYYY-MM-DD)');
    if (to < from || daysBetween(from, to) + 1 > BOOKING_RULES.maxSlotsRangeDays) {
      throw new BadRequestException(`from and to must span 1 to ${BOOKING_RULES.maxSlotsRangeDays} days`);
    }
    if (typeof sessionType !== 'string' || !(SESSION_TYPES as readonly string[]).includes(sessionType)) {
      throw new BadRequestException(`sessionType must be one of: ${SESSION_TYPES.join(', ')}`);
    }
    const type = sessionType as SessionTypeKey;
    const hunter = await this.hunters.findApproved(hunterId);
    const duration = hunter.sessionTypes[type].duration;
    const [offered, busy] = await Promise.all([
      this.hunters.offeredHours(hunterId, from, to),
      this.busy(hunterId, from, to),
    ]);
    const days = bookableSlots({
      timeZone: hunter.timeZone,
      from,
      to,
      durationMinutes: duration,
      open: openFor(hunter, type),
      offeredHours: (date) => offered.get(date) ?? [],
      busy,
      now: new Date(),
      rules: this.rules(),
    });
    return { hunterId, sessionType: type, duration, timeZone: hunter.timeZone, days };
  }

  /**
   * The slot at a date and wall-clock time of the hunter's zone if the hunter offers it now (type, hours, notice, horizon), or
   * null. Overlaps are not looked at: the exclusion constraint decides them when the row is written. `sessionDate` is
   * the body's (a date, or a date-time read by its date on the hunter's clock).
   */
  async offeredSlot(
    hunter: HunterCopy,
    sessionType: SessionTypeKey,
    durationMinutes: number,
    sessionDate: string,
    time: string,
  ): Promise<DatedSlot | null> {
    const date = sessionDateIn(hunter.timeZone, sessionDate);
    if (date === null) return null;
    const offered = await this.hunters.offeredHours(hunter.id, date, date);
    const [day] = bookableSlots({
      timeZone: hunter.timeZone,
      from: date,
      to: date,
      durationMinutes,
      open: openFor(hunter, sessionType),
      offeredHours: (d) => offered.get(d) ?? [],
      busy: [],
      now: new Date(),
      rules: this.rules(),
    });
    return datedSlotAt(day, time);
  }

  /**
   * The slot at a date and time of the hunter's zone they may suggest instead of booking `exceptId`: on the grid, at least
   * the minimum notice ahead by the session rules' clock, and clear of the hunter's other live bookings and holds
   * (any hour: the hunter chose it). The exclusion constraints still decide when the client accepts.
   */
  async proposableSlot(
    hunterId: number,
    durationMinutes: number,
    sessionDate: string,
    time: string,
    exceptId: string,
  ): Promise<DatedSlot | null> {
    const { timeZone } = await this.hunters.find(hunterId);
    const date = sessionDateIn(timeZone, sessionDate);
    if (date === null) return null;
    const busy = await this.queries.busyRanges(hunterId, date, date, exceptId);
    const [day] = bookableSlots({
      timeZone,
      from: date,
      to: date,
      durationMinutes,
      open: true,
      offeredHours: () => ALL_HOURS,
      busy,
      now: now(),
      rules: this.rules(),
    });
    return datedSlotAt(day, time);
  }

  private rules() {
    return {
      gridMinutes: BOOKING_RULES.slotGridMinutes,
      minNoticeMinutes: this.config.MIN_NOTICE_MINUTES,
      maxDaysAhead: BOOKING_RULES.maxDaysAhead,
    };
  }

  /** Live holds and confirmed bookings of the hunter around the dates (a day either side covers any offset). */
  private busy(hunterId: number, from: string, to: string): Promise<BusyRange[]> {
    return this.queries.busyRanges(hunterId, from, to);
  }
}
