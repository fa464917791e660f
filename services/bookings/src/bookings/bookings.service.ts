import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_RULES, type BookingDetail, type HunterBooking, type MyBooking } from '@hunted/contracts';
import type { Page } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { PaymentProvider } from '../payments/payment-provider.js';
import { BOOKING_COLUMNS, BookingRepository, type BookingRow } from './booking.repository.js';

type RowWithNames = BookingRow & {
  hunterName: string | null;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  clientName: string | null;
};

const COLUMNS_WITH_NAMES = `${BOOKING_COLUMNS}, h.name as "hunterName", h.profile_image_url as "hunterProfileImage",
  h.location as "hunterLocation", nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as "clientName"`;
const FROM_WITH_NAMES = `from hunter_bookings b left join hunters h on h.id = b.hunter_id left join users u on u.user_id = b.client_user_id`;
const WITH_NAMES = `${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES}`;

/** A page of either list when the query names none; the platform caps `limit` at 100 and `offset` at 10,000. */
export const BOOKINGS_PAGE_SIZE = 50;

const MY_BOOKINGS = `b.client_user_id = $1 and (b.status in ('confirmed', 'completed', 'cancelled')
                                        or (b.status = 'pending_payment' and b.expires_at > now()))`;
const HUNTER_BOOKINGS = `b.hunter_id in (select id from hunters where user_id = $1) and b.status in ('confirmed', 'completed', 'cancelled')`;

const HOUR_MS = 3_600_000;
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Reads of both sides' lists and one booking, and the end of a hold by its member. */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger(BookingsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentProvider,
  ) {}

  async detail(bookingId: string, userId: string): Promise<BookingDetail> {
    await this.bookings.findForParticipant(bookingId, userId);
    const rows = await this.dataSource.query<RowWithNames[]>(`select ${WITH_NAMES} where b.id = $1`, [bookingId]);
    return toDetail(rows[0]!);
  }

  /**
   * A page of the rows `where` keeps (its $1 the user), soonest first (ties by id, so pages never repeat or skip),
   * with the total: a list grows without bound for a busy member, so it is never read whole.
   */
  private async page(where: string, userId: string, page: Page): Promise<{ rows: RowWithNames[]; total: number }> {
    const rows = await this.dataSource.query<(RowWithNames & { total: number })[]>(
      `select ${COLUMNS_WITH_NAMES}, count(*) over ()::int as total ${FROM_WITH_NAMES}
       where ${where} order by b.starts_at, b.id limit $2 offset $3`,
      [userId, page.limit, page.offset],
    );
    if (rows.length || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the total: count on its own then.
    const [count] = await this.dataSource.query<{ n: number }[]>(
      `select count(*)::int as n from hunter_bookings b where ${where}`,
      [userId],
    );
    return { rows, total: count!.n };
  }

  /** A page of the member's bookings and live holds (expired holds are gone), soonest first, with the total. */
  async mine(userId: string, page: Page): Promise<{ items: MyBooking[]; total: number }> {
    const { rows, total } = await this.page(MY_BOOKINGS, userId, page);
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
    const { rows, total } = await this.page(HUNTER_BOOKINGS, userId, page);
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

  /** Ends the member's own hold at once and cancels its unpaid intent (the expiry job retries a failed cancel). */
  async release(bookingId: string, userId: string): Promise<BookingDetail> {
    const booking = await this.bookings.findForParticipant(bookingId, userId);
    if (booking.clientUserId === userId) {
      const [released] = await this.dataSource.query<[{ paymentIntentId: string | null }[], number]>(
        `update hunter_bookings set status = 'expired', expires_at = least(expires_at, now()), updated_at = now()
         where id = $1 and client_user_id = $2 and status = 'pending_payment'
         returning payment_intent_id as "paymentIntentId"`,
        [bookingId, userId],
      );
      const intentId = released[0]?.paymentIntentId;
      if (intentId) {
        await this.payments
          .cancelIntent(intentId, `booking:${bookingId}:cancel`)
          // An intent paid (or processing) meanwhile is not cancelled: the hold sweep settles it as a late payment.
          .then((intent) =>
            intent.status === 'canceled'
              ? this.dataSource.query(
                  `update hunter_bookings set payment_status = 'canceled' where id = $1 and paid_at is null`,
                  [bookingId],
                )
              : undefined,
          )
          .catch((error: Error) =>
            this.logger.warn(`intent of released hold ${bookingId} not cancelled yet: ${error.message}`),
          );
      }
    }
    return this.detail(bookingId, userId);
  }
}

function toDetail(row: RowWithNames): BookingDetail {
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
