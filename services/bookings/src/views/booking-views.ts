import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JoiningDetails } from '@hunted/contracts';
import type { Page } from '@hunted/platform';
import { DataSource } from 'typeorm';
import {
  BOOKING_COLUMNS,
  BOOKING_NOT_FOUND,
  FORMER_MEMBER,
  FORMER_MEMBER_CLIENT_PREFIX,
  isBookingId,
  OF_HUNTER_MEMBER,
  PARTICIPANT,
  type BookingRow,
} from '../store/booking-rows.js';

/** A row with the names the pages show (the hunter's copy, the client's user copy). */
export type BookingRowWithNames = BookingRow & {
  hunterName: string | null;
  hunterProfileImage: string | null;
  hunterLocation: string | null;
  hunterTimeZone: string | null;
  clientName: string | null;
};

/** The two booking lists: the member's own (as client), and those of the member's hunter profile. */
export type BookingList = 'client' | 'hunter';

const COLUMNS_WITH_NAMES = `${BOOKING_COLUMNS}, h.name as "hunterName", h.profile_image_url as "hunterProfileImage",
  h.location as "hunterLocation", h.time_zone as "hunterTimeZone",
  case when b.client_user_id like '${FORMER_MEMBER_CLIENT_PREFIX}%' then '${FORMER_MEMBER}'
       else nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') end as "clientName"`;
const FROM_WITH_NAMES = `from hunter_bookings b left join hunters h on h.id = b.hunter_id left join users u on u.user_id = b.client_user_id`;

/** The hunter's joining details (released to the client by BookingPages, never to anyone else). */
export type BookingRowWithJoining = BookingRowWithNames & { joining: JoiningDetails | null };
const COLUMNS_WITH_JOINING = `${COLUMNS_WITH_NAMES}, j.joining`;
const FROM_WITH_JOINING = `${FROM_WITH_NAMES} left join hunter_joining_details j on j.hunter_id = b.hunter_id`;

/** A booking to one admin: with the names the console shows. */
export type DisputeRow = BookingRowWithNames;

/** Each list's rows, `$1` the user. */
const LISTS: Record<BookingList, string> = {
  client: `b.client_user_id = $1 and (b.status in ('confirmed', 'completed', 'cancelled')
                                        or (b.status = 'pending_payment' and b.expires_at > now()))`,
  hunter: `b.hunter_id in (select id from hunters where user_id = $1) and b.status in ('confirmed', 'completed', 'cancelled')`,
};

/**
 * The pages' reads of bookings: one booking as its participant, its hunter or an admin sees it (404 to anyone else,
 * never saying it exists), the two lists and the disputes queue a page at a time, and a hunter's earnings. Reads
 * only: every write is a transition of store/booking.repository.ts.
 */
@Injectable()
export class BookingViews {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A booking the member takes part in (as its client or as its hunter), else 404 — never saying it exists. */
  async findForParticipant(bookingId: string, userId: string): Promise<BookingRow> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRow[]>(
      `select ${BOOKING_COLUMNS} from hunter_bookings b where b.id = $1 and ${PARTICIPANT}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /** The same, with the names the pages show (and the hunter's joining details), in one read. */
  async findWithNamesForParticipant(bookingId: string, userId: string): Promise<BookingRowWithJoining> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRowWithJoining[]>(
      `select ${COLUMNS_WITH_JOINING} ${FROM_WITH_JOINING} where b.id = $1 and ${PARTICIPANT}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /** A booking of the hunter profile member `userId` owns, with its names, else 404 (never saying it exists). */
  async findWithNamesForHunter(bookingId: string, userId: string): Promise<BookingRowWithNames> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<BookingRowWithNames[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where b.id = $1 and ${OF_HUNTER_MEMBER}`,
      [bookingId, userId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /**
   * Whether member `userId` owns the hunter profile of the booking and its client shares the question with them
   * (a photo of it is then theirs to see; with `passport.question` off it is the client's alone).
   */
  async hunterMemberSeesQuestionOf(bookingId: string, userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `select 1 from hunter_bookings b
        where b.id = $1 and ${OF_HUNTER_MEMBER} and coalesce((b.passport ->> 'question')::boolean, true)`,
      [bookingId, userId],
    );
    return rows.length > 0;
  }

  /** A page of the disputes (open ones, or all), newest first, with the total. */
  async disputesPage(onlyOpen: boolean, page: Page): Promise<{ rows: DisputeRow[]; total: number }> {
    const where = onlyOpen ? `b.dispute_status = 'open'` : `b.dispute_status is not null`;
    const rows = await this.dataSource.query<DisputeRow[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where ${where} order by b.disputed_at desc, b.id limit $1 offset $2`,
      [page.limit, page.offset],
    );
    const [count] = await this.dataSource.query<{ n: number }[]>(
      `select count(*)::int as n from hunter_bookings b where ${where}`,
    );
    return { rows, total: count!.n };
  }

  /** One booking with its names, for the admin (404 when it is none). */
  async findWithNames(bookingId: string): Promise<DisputeRow> {
    if (!isBookingId(bookingId)) throw new NotFoundException(BOOKING_NOT_FOUND);
    const rows = await this.dataSource.query<DisputeRow[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES} where b.id = $1`,
      [bookingId],
    );
    if (!rows[0]) throw new NotFoundException(BOOKING_NOT_FOUND);
    return rows[0];
  }

  /**
   * A page of the list's rows, soonest first (ties by id, so pages never repeat or skip), with the total: a list
   * grows without bound for a busy member, so it is never read whole.
   */
  async page(list: BookingList, userId: string, page: Page): Promise<{ rows: BookingRowWithJoining[]; total: number }> {
    const where = LISTS[list];
    const rows = await this.dataSource.query<(BookingRowWithJoining & { total: number })[]>(
      `select ${COLUMNS_WITH_JOINING}, count(*) over ()::int as total ${FROM_WITH_JOINING}
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

  /**
   * The hunter's paid bookings whose session falls between two London dates (inclusive) and whose money moved:
   * confirmed, completed, or cancelled after payment (with or without a refund). Oldest first.
   */
  async earningsOf(hunterId: number, from: string, to: string): Promise<BookingRowWithNames[]> {
    return this.dataSource.query<BookingRowWithNames[]>(
      `select ${COLUMNS_WITH_NAMES} ${FROM_WITH_NAMES}
       where b.hunter_id = $1 and b.price_pence > 0 and b.session_date between $2::date and $3::date
         and (b.status in ('confirmed', 'completed') or (b.status = 'cancelled' and b.paid_at is not null))
       order by b.starts_at, b.id`,
      [hunterId, from, to],
    );
  }
}
