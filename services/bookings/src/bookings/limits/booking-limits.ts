import { ConflictException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { type RescheduleLimits } from '../../store/booking.repository.js';
import { BookingQueries } from '../../store/booking-queries.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const minutes = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/**
 * Bookings' abuse limits, spread into its env schema. Free bookings, holds and reschedules cost the member nothing
 * and each one mails the hunter or blocks their time, so each is bounded: see "Abuse limits on bookings and their
 * emails" in docs/architecture.md.
 */
export const bookingLimitsEnvShape = {
  /** Upcoming free bookings one member may have with one hunter. */
  FREE_BOOKINGS_UPCOMING_MAX: positiveInt(3),
  /** Times one booking may be moved. */
  RESCHEDULES_PER_BOOKING_MAX: positiveInt(3),
  /** The least time between two moves of one booking (0: none). */
  RESCHEDULE_COOLDOWN_MINUTES: minutes(10),
  /** Holds one member may start in any 24 hours. */
  HOLDS_PER_DAY_MAX: positiveInt(20),
  /** How long a member waits before holding again a time of a hunter whose hold they released or let expire (0: no wait). */
  REHOLD_COOLDOWN_MINUTES: minutes(10),
};

type LimitsConfig = Record<keyof typeof bookingLimitsEnvShape, number>;

const MINUTE_MS = 60_000;

/** "in 7 minutes", "in about 3 hours": a wait a person can act on, rounded up. */
export function waitOf(ms: number): string {
  const totalMinutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (totalMinutes < 60) return `in ${totalMinutes} minute${totalMinutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(totalMinutes / 60);
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`;
}

export const tooManyFreeBookings = (max: number) =>
  `You already have ${max} upcoming free sessions with this hunter, the most allowed — ` +
  'you can book another once one has taken place, or cancel one you no longer need';
export const tooManyReschedules = (max: number) =>
  `This booking has already been moved ${max} times, the most allowed — ` +
  'cancel it (a full refund until 24 hours before) and book the time that suits you';
export const rescheduledRecently = (wait: string) =>
  `This booking was moved only a few minutes ago — you can move it again ${wait}`;
export const tooManyHoldsToday = (max: number, wait: string) =>
  `You have started ${max} bookings in the last 24 hours, the most allowed — you can hold another time ${wait}`;
export const reHeldTooSoon = (wait: string) =>
  `You let this time go a few minutes ago — you can hold it again ${wait}, or pick another time now`;

const tooManyRequests = (message: string) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);

/**
 * The checks behind those limits. Each runs inside the caller's transaction after `BookingRepository.lockClient`
 * (the member's advisory lock), so two concurrent requests of one member are counted one after the other: under
 * READ COMMITTED the second count runs after the first insert committed and sees it.
 */
@Injectable()
export class BookingLimits {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: LimitsConfig,
    private readonly queries: BookingQueries,
  ) {}

  /** 409 when the member already has the most upcoming free bookings with this hunter. */
  async refuseFreeBookingBeyondCap(manager: EntityManager, clientUserId: string, hunterId: number): Promise<void> {
    const max = this.config.FREE_BOOKINGS_UPCOMING_MAX;
    const count = await this.queries.countUpcomingFree(manager, clientUserId, hunterId);
    if (count >= max) throw new ConflictException(tooManyFreeBookings(max));
  }

  /**
   * 429 when the member started the most holds in the last 24 hours (rolling, so there is no midnight at which a
   * whole new budget opens at once); the wait is until the oldest of them leaves the window.
   */
  async refuseHoldBeyondDailyBudget(manager: EntityManager, clientUserId: string): Promise<void> {
    const max = this.config.HOLDS_PER_DAY_MAX;
    const { count, waitMs } = await this.queries.holdsOfLastDay(manager, clientUserId);
    if (count >= max) throw tooManyRequests(tooManyHoldsToday(max, waitOf(waitMs)));
  }

  /**
   * 429 when the member released, or let expire, a hold of this hunter overlapping this time less than
   * `REHOLD_COOLDOWN_MINUTES` ago. The slot's identity is the hunter's time, not the start and type: moving the
   * start by 30 minutes or taking a shorter type over the same hour is the same slot kept from others.
   */
  async refuseReHoldTooSoon(
    manager: EntityManager,
    hold: { clientUserId: string; hunterId: number; startsAt: string; endsAt: string },
  ): Promise<void> {
    const cooldown = this.config.REHOLD_COOLDOWN_MINUTES;
    if (cooldown === 0) return;
    const waitMs = await this.queries.reHoldWaitMs(manager, hold, cooldown);
    if (waitMs != null && waitMs > 0) throw tooManyRequests(reHeldTooSoon(waitOf(waitMs)));
  }

  /** The limits a move must meet, read by `BookingRepository.reschedule` at the moment of its UPDATE. */
  get reschedule(): RescheduleLimits {
    return {
      maxMoves: this.config.RESCHEDULES_PER_BOOKING_MAX,
      cooldownMinutes: this.config.RESCHEDULE_COOLDOWN_MINUTES,
    };
  }

  /**
   * Why the guarded move was refused, from the row as it is now, when a limit was the reason: null when the booking
   * is no longer confirmed or inside the 24-hour window (the caller's own refusal says so).
   */
  async rescheduleRefusal(manager: EntityManager, bookingId: string): Promise<HttpException | null> {
    const { maxMoves, cooldownMinutes } = this.reschedule;
    const state = await this.queries.rescheduleStateOf(manager, bookingId, cooldownMinutes);
    if (!state) return null;
    if (state.count >= maxMoves) return new ConflictException(tooManyReschedules(maxMoves));
    if (state.waitMs != null && state.waitMs > 0) return tooManyRequests(rescheduledRecently(waitOf(state.waitMs)));
    return null;
  }
}
