import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  PASSPORT_LIMITS,
  type Brand,
  type BookingDetail,
  type CreatePaymentIntentResponse,
  type HunterEdit,
  type HunterReview,
  type PassportShares,
  type SlotsResponse,
} from '@hunted/contracts';
import { brandInput, RUN } from '../support/journey.js';
import { E2E_BASE_URL } from '../support/system.js';
import { matrixNow, moveMatrixClock } from './matrix-clock.js';

/**
 * The real objects the ownership rows act on (issue 35 item 5, decision 0095): sessions that were held, the review
 * and the edits they carry, and passports in and out of their window — each built through the API by its owner, so
 * a row that removes an ownership check sees a real object answer, not an unknown id's 404.
 */
export interface RealObjects {
  /**
   * Three paid video calls of the member with the hunter, booked at the first bookable times, after which the clock
   * moved past their ends plus the passport's PASSPORT_LIMITS.daysAfterSession days; the hunter marked each held.
   * The first is reviewed (and replied to), carries the private edit and shared the member's saved brands (its
   * passport's window is over); the second is reviewed (no reply yet) and carries the published edit; the third has
   * neither: the matrix's rows review it and send its edit.
   */
  heldReviewed: BookingDetail;
  heldPublished: BookingDetail;
  heldFresh: BookingDetail;
  /** The brands the edits name: three no row deletes. */
  editBrandIds: number[];
  /** The member's review of `heldReviewed`, with the hunter's reply. */
  reviewWithReply: HunterReview;
  /** The member's review of `heldPublished`, not replied to. */
  reviewToReply: HunterReview;
  /** The hunter's edit of `heldReviewed`: the two's only. */
  privateEdit: HunterEdit;
  /** The hunter's edit of `heldPublished`, published with the member's consent. */
  publishedEdit: HunterEdit;
  /** A confirmed paid booking days ahead (at the moved clock) sharing the member's saved brands: its window is open. */
  passportOpen: BookingDetail;
  /** The same, cancelled by the member: its hunter reads nothing any more. */
  passportCancelled: BookingDetail;
  /**
   * The member's unpaid hold sharing the saved brands (the matrix's `holdToPay`, paid by the member in the row of
   * `POST /api/bookings`): before that, not confirmed, so no hunter reads it.
   */
  passportHold: CreatePaymentIntentResponse;
}

export const REAL_REVIEW_TEXT = `Hana found three makers I had never heard of. ${RUN}`;
export const REAL_REPLY_TEXT = `Thank you Mina, enjoy them! ${RUN}`;
export const REAL_EDIT_TITLE = `Winter shoes for Mina ${RUN}`;

/** The member shares their saved brands (and the question) with the hunter; the rest stays theirs. */
export const SHARED_PARTS: PassportShares = {
  savedBrands: true,
  votedBrands: false,
  reviewedBrands: false,
  filterHabits: false,
  question: true,
};

const writes = { headers: { origin: E2E_BASE_URL } };
const DAY_MS = 86_400_000;

async function ok<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

interface Slot {
  sessionDate: string;
  sessionTime: string;
}

const londonDay = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(ms));

/** Holds `slot` for a video call with the member's saved brands shared (a simulated intent). */
export function holdShared(
  member: APIRequestContext,
  hunterId: number,
  slot: Slot,
): Promise<CreatePaymentIntentResponse> {
  return member
    .post('/api/create-payment-intent', {
      data: { hunterId, sessionType: 'whatsappVideo', ...slot, amount: 8000, duration: 60, passport: SHARED_PARTS, expressRequest: true },
      ...writes,
    })
    .then((response) => ok<CreatePaymentIntentResponse>(response));
}

/** Holds and pays (simulated) a video call sharing the saved brands; the booking keeps its hold's passport. */
async function bookShared(member: APIRequestContext, hunterId: number, slot: Slot): Promise<BookingDetail> {
  const hold = await holdShared(member, hunterId, slot);
  const response = await member.post('/api/bookings', {
    data: {
      hunterId,
      sessionType: 'whatsappVideo',
      ...slot,
      duration: 60,
      price: hold.amount,
      stripePaymentIntentId: hold.clientSecret.replace(/_secret$/, ''),
      bookingId: hold.bookingId,
    },
    ...writes,
  });
  return ok<BookingDetail>(response, 201);
}

/**
 * The hunter's first bookable video-call times (two hours' notice), two hours apart so no call touches the next:
 * `count` of them, from the services' today.
 */
async function firstBookableTimes(guest: APIRequestContext, hunterId: number, count: number): Promise<Slot[]> {
  const from = londonDay(matrixNow());
  const to = londonDay(matrixNow() + 2 * DAY_MS);
  let times: Slot[] = [];
  // Bookings learns of the hunter and their hours by events.
  await expect(async () => {
    const response = await guest.get(`/api/hunters/${hunterId}/slots?from=${from}&to=${to}&sessionType=whatsappVideo`);
    const offered = (await ok<SlotsResponse>(response)).days.flatMap((day) =>
      day.slots.map((slot) => ({ sessionDate: day.date, sessionTime: slot.time })),
    );
    times = [];
    let lastMinute = -Infinity;
    for (const slot of offered) {
      const [hours, minutes] = slot.sessionTime.split(':').map(Number);
      const minute = Date.parse(`${slot.sessionDate}T00:00:00Z`) / 60_000 + hours! * 60 + minutes!;
      if (minute - lastMinute < 120) continue;
      times.push(slot);
      lastMinute = minute;
    }
    expect(times.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return times.slice(0, count);
}

export interface RealObjectPersonas {
  guest: APIRequestContext;
  member: APIRequestContext;
  hunter: APIRequestContext;
  admin: APIRequestContext;
}

/**
 * Books the three held sessions at the hunter's first bookable times, moves the clock past their ends plus the
 * passport's window, and builds on them what only a held session allows: the hunter marks each held, the member
 * reviews two, the hunter replies to one and sends two edits, one of which the member consents to publish. Runs
 * before any other booking of the matrix, whose times are then read at the moved clock.
 */
export async function createHeldSessions(
  as: RealObjectPersonas,
  hunterId: number,
  brandIds: readonly number[],
): Promise<Omit<RealObjects, 'passportOpen' | 'passportCancelled' | 'passportHold'>> {
  // A third brand of the edits' own: the matrix's rows delete one of the others before their edit is sent.
  const kept = await ok<Brand>(
    await as.admin.post('/api/admin/brands', { data: brandInput(`Matrix Edit Brand ${RUN}`), ...writes }),
    201,
  );
  const editBrandIds = [...brandIds.slice(0, 2), kept.id];
  const times = await firstBookableTimes(as.guest, hunterId, 3);
  const [heldReviewed, heldPublished, heldFresh] = [
    await bookShared(as.member, hunterId, times[0]!),
    await bookShared(as.member, hunterId, times[1]!),
    await bookShared(as.member, hunterId, times[2]!),
  ];
  // Past the last one's end and its passport's window (an hour more), well within the 30 days of a review.
  const lastEnd = Math.max(...[heldReviewed, heldPublished, heldFresh].map((booking) => Date.parse(booking.endsAt)));
  await moveMatrixClock(lastEnd + PASSPORT_LIMITS.daysAfterSession * DAY_MS + 3_600_000 - Date.now());

  for (const booking of [heldReviewed, heldPublished, heldFresh]) {
    // Every service hears of the moved clock a moment after it moves.
    await expect(async () => {
      await ok(
        await as.hunter.post(`/api/hunter-bookings/${booking.id}/attendance`, {
          data: { attendance: 'held' },
          ...writes,
        }),
      );
    }).toPass({ timeout: 15_000 });
  }

  const review = async (booking: BookingDetail, rating: number, text: string): Promise<HunterReview> => {
    let written: HunterReview | undefined;
    // Reviews learns of the session (and what it came to) by events.
    await expect(async () => {
      written = await ok<HunterReview>(
        await as.member.post('/api/hunter-reviews', { data: { bookingId: booking.id, rating, text }, ...writes }),
        201,
      );
    }).toPass({ timeout: 20_000 });
    return written!;
  };
  const firstReview = await review(heldReviewed, 5, REAL_REVIEW_TEXT);
  const reviewToReply = await review(heldPublished, 4, `Good advice, quickly given. ${RUN}`);
  const reviewWithReply = await ok<HunterReview>(
    await as.hunter.post(`/api/hunter-reviews/${firstReview.id}/reply`, { data: { text: REAL_REPLY_TEXT }, ...writes }),
    201,
  );

  const sendEdit = async (booking: BookingDetail, title: string): Promise<HunterEdit> => {
    let sent: HunterEdit | undefined;
    // Hunters learns that the session was held (the mark) by an event.
    await expect(async () => {
      sent = await ok<HunterEdit>(
        await as.hunter.post('/api/hunter-edits', {
          data: {
            bookingId: booking.id,
            title,
            note: 'From the access matrix.',
            items: editBrandIds.map((brandId) => ({
              brandId,
              itemName: 'Derby shoes',
              why: 'Made by hand, resoled for life.',
            })),
          },
          ...writes,
        }),
        201,
      );
    }).toPass({ timeout: 20_000 });
    return sent!;
  };
  const privateEdit = await sendEdit(heldReviewed, REAL_EDIT_TITLE);
  const toPublish = await sendEdit(heldPublished, `Published picks ${RUN}`);
  await ok(await as.hunter.post(`/api/hunter-edits/${toPublish.id}/publish-request`, { data: {}, ...writes }));
  const publishedEdit = await ok<HunterEdit>(
    await as.member.post(`/api/hunter-edits/${toPublish.id}/publish-consent`, { data: { allow: true }, ...writes }),
  );
  expect(publishedEdit.publication).toBe('published');
  return {
    heldReviewed,
    heldPublished,
    heldFresh,
    editBrandIds,
    reviewWithReply,
    reviewToReply,
    privateEdit,
    publishedEdit,
  };
}

/**
 * The passports at the moved clock: a confirmed booking whose window is open and one the member cancelled, each
 * sharing the member's saved brands. `take` hands out a time of the hunter's nobody else uses.
 */
export async function createPassportBookings(
  as: RealObjectPersonas,
  hunterId: number,
  take: () => Slot,
): Promise<Pick<RealObjects, 'passportOpen' | 'passportCancelled'>> {
  const passportOpen = await bookShared(as.member, hunterId, take());
  const toCancel = await bookShared(as.member, hunterId, take());
  const passportCancelled = await ok<BookingDetail>(
    await as.member.post(`/api/bookings/${toCancel.id}/cancel`, { ...writes }),
  );
  return { passportOpen, passportCancelled };
}
