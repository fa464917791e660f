import { Injectable } from '@nestjs/common';
import { BOOKING_RULES, type BookingDetail, type HunterBooking, type MyBooking } from '@hunted/contracts';
import type { Page } from '@hunted/platform';
import { BookingRepository, type BookingRowWithNames } from './booking.repository.js';

/** A page of either list when the query names none; the platform caps `limit` at 100 and `offset` at 10,000. */
export const BOOKINGS_PAGE_SIZE = 50;

const HOUR_MS = 3_600_000;
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Reads of both sides' lists and of one booking, as the pages show them. */
@Injectable()
export class BookingsService {
  constructor(private readonly bookings: BookingRepository) {}

  /** One booking the member takes part in, with its names (404 otherwise), in one read. */
  async detail(bookingId: string, userId: string): Promise<BookingDetail> {
    return toDetail(await this.bookings.findWithNamesForParticipant(bookingId, userId));
  }

  /** A page of the member's bookings and live holds (expired holds are gone), soonest first, with the total. */
  async mine(userId: string, page: Page): Promise<{ items: MyBooking[]; total: number }> {
    const { rows, total } = await this.bookings.page('client', userId, page);
    const now = Date.now();
    const items = rows.map((row): MyBooking => {
      const untilStart = new Date(row.startsAt).getTime() - now;
      const canReschedule = row.status === 'confirmed' && untilStart >= BOOKING_RULES.changeWindowHours * HOUR_MS;
      const canCancel = row.status === 'confirmed' && untilStart > 0;
      const detail = toDetail(row);
      return {
        id: row.id,
        status: row.status,
        hunterId: row.hunterId,
        hunterName: detail.hunterName,
        hunterProfileImage: detail.hunterProfileImage,
        hunterLocation: detail.hunterLocation,
        sessionDate: row.sessionDate,
        sessionTime: row.sessionTime,
        sessionType: row.sessionType,
        startsAt: detail.startsAt,
        duration: row.duration,
        price: row.pricePence,
        notes: row.notes,
        createdAt: detail.createdAt,
        canReschedule,
        canCancel,
        refundIfCancelledPence: canReschedule ? row.pricePence : 0,
        expiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
      };
    });
    return { items, total };
  }

  /** A page of the bookings of the caller's hunter profile (holds are not bookings yet), soonest first, with the total. */
  async ofHunter(userId: string, page: Page): Promise<{ items: HunterBooking[]; total: number }> {
    const { rows, total } = await this.bookings.page('hunter', userId, page);
    const items = rows.map((row): HunterBooking => ({
      id: row.id,
      clientName: row.clientName ?? 'Client',
      sessionType: row.sessionType,
      sessionDate: row.sessionDate,
      sessionTime: row.sessionTime,
      startsAt: new Date(row.startsAt).toISOString(),
      duration: row.duration,
      totalAmount: row.pricePence,
      status: row.status,
    }));
    return { items, total };
  }
}

function toDetail(row: BookingRowWithNames): BookingDetail {
  return {
    id: row.id,
    status: row.status,
    hunterId: row.hunterId,
    hunterName: row.hunterName ?? 'Hunter',
    hunterProfileImage: row.hunterProfileImage,
    hunterLocation: row.hunterLocation,
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    sessionDate: row.sessionDate,
    sessionTime: row.sessionTime,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    duration: row.duration,
    price: row.pricePence,
    notes: row.notes,
    expiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
    refundedPence: row.refundedPence,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
