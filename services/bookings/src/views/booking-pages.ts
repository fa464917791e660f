import { Injectable } from '@nestjs/common';
import {
  SITE_TIME_ZONE,
  joiningLaterMessage,
  joiningReleasesAt,
  whatsappLink,
  type BookingDetail,
  type BookingDispute,
  type BookingJoining,
  type HunterBooking,
  type JoiningDetails,
  type MyBooking,
  type TimeProposal,
} from '@hunted/contracts';
import { nowMs, type Page } from '@hunted/platform';
import { questionForHunter, type BookingRow } from '../store/booking-rows.js';
import { BookingViews, type BookingRowWithJoining, type BookingRowWithNames } from './booking-views.js';
import {
  canCancel,
  canDispute,
  canMarkAttendance,
  canPropose,
  isBeforeChangeWindow,
  joiningHeldBack,
  joiningReleased,
  outcomeOf,
  refundOnCancel,
  reviewableUntil,
} from '../store/booking-rules.js';

/** A page of either list when the query names none; the platform caps `limit` at 100 and `offset` at 10,000. */
export const BOOKINGS_PAGE_SIZE = 50;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * Both sides' lists and one booking as the pages show them: the rows of BookingViews, with what each reader may do
 * now (the flags read store/booking-rules.ts).
 */
@Injectable()
export class BookingPages {
  constructor(private readonly views: BookingViews) {}

  /** One booking the member takes part in, with its names (404 otherwise), in one read. */
  async detail(bookingId: string, userId: string): Promise<BookingDetail> {
    return toDetail(await this.views.findWithNamesForParticipant(bookingId, userId), userId);
  }

  /** One booking of the member's hunter profile, as a row of their list (404 for anyone else). */
  async hunterBooking(bookingId: string, userId: string): Promise<HunterBooking> {
    return toHunterBooking(await this.views.findWithNamesForHunter(bookingId, userId));
  }

  /** A page of the member's bookings and live holds (expired holds are gone), soonest first, with the total. */
  async mine(userId: string, page: Page): Promise<{ items: MyBooking[]; total: number }> {
    const { rows, total } = await this.views.page('client', userId, page);
    const now = nowMs();
    const items = rows.map((row): MyBooking => {
      const canReschedule = isBeforeChangeWindow(row, now);
      const detail = toDetail(row, userId);
      return {
        id: row.id,
        status: row.status,
        hunterId: row.hunterId,
        hunterName: detail.hunterName,
        hunterProfileImage: detail.hunterProfileImage,
        hunterLocation: detail.hunterLocation,
        hunterTimeZone: detail.hunterTimeZone,
        sessionDate: row.sessionDate,
        sessionTime: row.sessionTime,
        sessionType: row.sessionType,
        startsAt: detail.startsAt,
        duration: row.duration,
        price: row.pricePence,
        currency: row.currency,
        notes: row.notes,
        photoUrls: detail.photoUrls,
        createdAt: detail.createdAt,
        canReschedule,
        canCancel: canCancel(row, now),
        refundIfCancelledPence: refundOnCancel(row, 'client', now),
        platformFeePence: row.platformFeePence,
        expressRequestAt: iso(row.expressRequestAt),
        expiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
        endsAt: detail.endsAt,
        joining: detail.joining,
        attendance: detail.attendance,
        cancelledBy: detail.cancelledBy,
        cancelReason: detail.cancelReason,
        proposal: detail.proposal,
        dispute: detail.dispute,
        canDispute: canDispute(row, now),
        reviewableUntil: reviewableUntilOf(row, now),
      };
    });
    return { items, total };
  }

  /** A page of the bookings of the caller's hunter profile (holds are not bookings yet), soonest first, with the total. */
  async ofHunter(userId: string, page: Page): Promise<{ items: HunterBooking[]; total: number }> {
    const { rows, total } = await this.views.page('hunter', userId, page);
    return { items: rows.map(toHunterBooking), total };
  }
}

/** The hunter's side of a booking: the client's question and photos, and what the hunter may do now. */
export function toHunterBooking(row: BookingRowWithNames): HunterBooking {
  const now = nowMs();
  return {
    id: row.id,
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    sessionDate: row.sessionDate,
    sessionTime: row.sessionTime,
    startsAt: new Date(row.startsAt).toISOString(),
    duration: row.duration,
    totalAmount: row.pricePence,
    currency: row.currency,
    status: row.status,
    endsAt: new Date(row.endsAt).toISOString(),
    ...questionForHunter(row),
    attendance: row.attendance,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    proposal: proposalOf(row),
    dispute: disputeOf(row),
    canCancel: canCancel(row, now),
    canPropose: canPropose(row, now),
    canMarkAttendance: canMarkAttendance(row, now),
    joiningReleasesAt:
      row.sessionType !== 'askQuestion' && (row.status === 'confirmed' || row.status === 'completed')
        ? new Date(joiningReleasesAt(row.startsAt)).toISOString()
        : null,
  };
}

function toDetail(row: BookingRowWithJoining, userId: string): BookingDetail {
  const isClient = row.clientUserId === userId;
  // The hunter's side reads the question and photos only as the client shares them; the client always reads theirs.
  const question = isClient ? { notes: row.notes, photoUrls: row.photoUrls ?? [] } : questionForHunter(row);
  return {
    id: row.id,
    status: row.status,
    hunterId: row.hunterId,
    hunterName: row.hunterName ?? 'Hunter',
    hunterProfileImage: row.hunterProfileImage,
    hunterLocation: row.hunterLocation,
    // A booking whose hunter copy is gone (a deleted hunter) reads on the site's clock, as it did before zones.
    hunterTimeZone: row.hunterTimeZone ?? SITE_TIME_ZONE,
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    sessionDate: row.sessionDate,
    sessionTime: row.sessionTime,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    duration: row.duration,
    price: row.pricePence,
    currency: row.currency,
    ...question,
    expiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
    refundedPence: row.refundedPence,
    createdAt: new Date(row.createdAt).toISOString(),
    joining: isClient ? joiningFor(row, nowMs()) : null,
    attendance: row.attendance,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    proposal: proposalOf(row),
    dispute: disputeOf(row),
  };
}

/**
 * How the client joins (the caller has checked the reader is its client): for a confirmed booking still cancellable
 * for a full refund only when the details will come (`later`, decision 0088); inside the change window the details,
 * until BOOKING_ACTION_RULES.joiningReleaseHoursAfterEnd after it ends; `pending` until the hunter sets them; nothing
 * for a booking that will not happen. A question has nothing private: `messages` from its confirmation.
 */
export function joiningFor(
  row: Pick<BookingRow, 'status' | 'startsAt' | 'endsAt' | 'sessionType'> & { joining: JoiningDetails | null },
  now: number,
): BookingJoining | null {
  if (row.sessionType === 'askQuestion') return joiningReleased(row, now) || joiningHeldBack(row, now) ? { kind: 'messages' } : null;
  if (joiningHeldBack(row, now)) {
    const releasesAt = new Date(joiningReleasesAt(row.startsAt)).toISOString();
    return { kind: 'later', releasesAt, message: joiningLaterMessage(row.sessionType) };
  }
  if (!joiningReleased(row, now)) return null;
  switch (row.sessionType) {
    case 'inPerson': {
      const { area, address } = row.joining?.inPerson ?? { area: null, address: null };
      return area && address ? { kind: 'inPerson', area, address } : { kind: 'pending' };
    }
    case 'whatsappVoice':
    case 'whatsappVideo': {
      const phone = row.joining?.[row.sessionType]?.phone ?? null;
      return phone ? { kind: 'whatsapp', phone, link: whatsappLink(phone) } : { kind: 'pending' };
    }
  }
}

function proposalOf(row: BookingRow): TimeProposal | null {
  if (!row.proposedAt || !row.proposedStartsAt || !row.proposedEndsAt) return null;
  return {
    sessionDate: row.proposedSessionDate!,
    sessionTime: row.proposedSessionTime!,
    startsAt: new Date(row.proposedStartsAt).toISOString(),
    endsAt: new Date(row.proposedEndsAt).toISOString(),
    message: row.proposalMessage,
    proposedAt: new Date(row.proposedAt).toISOString(),
  };
}

export function disputeOf(row: BookingRow): BookingDispute | null {
  if (!row.disputeStatus || !row.disputedAt) return null;
  return {
    status: row.disputeStatus,
    reason: row.disputeReason ?? '',
    openedAt: new Date(row.disputedAt).toISOString(),
    resolvedAt: iso(row.disputeResolvedAt),
    resolutionNote: row.disputeResolutionNote,
  };
}

/**
 * A held session (store/booking-rules.ts, `isHeld`) whose review would count (paid, or free and marked held: decision
 * 0090, the outcome's `reviewQualifies`): its end + the review window, while that is ahead.
 */
function reviewableUntilOf(row: BookingRow, now: number): string | null {
  if (!outcomeOf(row).reviewQualifies) return null;
  const until = reviewableUntil(row, now);
  return until === null ? null : new Date(until).toISOString();
}
