import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  type AdminDeletionsResponse,
  type Brand,
  type BookingDetail,
  type ConversationSummary,
  type CreatePaymentIntentResponse,
  type CurrentDataExportResponse,
  type CurrentUserResponse,
  type DataExportView,
  type Hunter,
  type OwnHunter,
  type HunterInput,
  type Review,
  type SlotsResponse,
  type WeeklyHours,
} from '@hunted/contracts';
import { acceptCurrentTerms, ADMIN_EMAIL, brandInput, PNG_1X1, RUN } from '../support/journey.js';
import { E2E_BASE_URL } from '../support/system.js';
import { matrixNow } from './matrix-clock.js';
import { createHeldSessions, createPassportBookings, holdShared, type RealObjects } from './real-objects.js';

/** The six callers of every row: nobody, two members, two hunters (members with a profile) and an admin. */
export const PERSONAS = ['guest', 'member', 'otherMember', 'hunter', 'otherHunter', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];

/**
 * The order in which a row's personas call: every stranger first and the owners last, so a stranger's call meets
 * the object as its owner left it, and an owner's allowed change (a cancel, a release) comes after every refusal.
 */
export const CALL_ORDER: readonly Persona[] = ['guest', 'otherMember', 'otherHunter', 'admin', 'hunter', 'member'];

export const ORIGIN_HEADER = { origin: E2E_BASE_URL };
const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1.toString('base64')}`;

const EMAILS: Record<Exclude<Persona, 'guest'>, { email: string; firstName: string }> = {
  member: { email: `matrix-member-${RUN}@example.test`, firstName: 'Mina' },
  otherMember: { email: `matrix-other-member-${RUN}@example.test`, firstName: 'Otto' },
  hunter: { email: `matrix-hunter-${RUN}@example.test`, firstName: 'Hana' },
  otherHunter: { email: `matrix-other-hunter-${RUN}@example.test`, firstName: 'Hugo' },
  admin: { email: ADMIN_EMAIL, firstName: 'Ada' },
};

async function ok<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

/**
 * Signs in through the real flow with plain requests (no browser): `/api/login` redirects to the development OpenID
 * Provider's form, whose answer redirects back through `/api/callback`, which sets the session cookie in the
 * context's jar.
 */
async function signIn(email: string, firstName: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const form = await context.get('/api/login');
  const html = await form.text();
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form at ${form.url()} (status ${form.status()})`);
  const signedIn = await context.post(new URL(action.replaceAll('&amp;', '&'), form.url()).toString(), {
    form: { email, firstName },
  });
  expect(signedIn.status(), `sign-in of ${email} ended at ${signedIn.url()}`).toBe(200);
  const cookies = (await context.storageState()).cookies.map((cookie) => cookie.name);
  expect(cookies, `sign-in of ${email} set no session cookie`).toContain('hunted.sid');
  // Every persona accepts both documents (decision 0103): the matrix's rows are about access, not about the terms.
  await acceptCurrentTerms(context);
  return context;
}

/** A London date `days` from the services' today (the matrix moves their clock: matrix-clock.ts), 'YYYY-MM-DD'. */
export function londonDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(matrixNow() + days * 86_400_000),
  );
}

export interface SlotChoice {
  sessionDate: string;
  sessionTime: string;
}

/**
 * Bookable times of a hunter, handed out once each and far enough apart (a day each) that taking one never takes
 * another: every booking and hold of the matrix gets a time of its own.
 */
class SlotPool {
  private next = 0;
  constructor(private readonly slots: SlotChoice[]) {}
  take(): SlotChoice {
    const slot = this.slots[this.next++];
    if (!slot) throw new Error('the matrix ran out of bookable times');
    return slot;
  }
}

async function slotPool(request: APIRequestContext, hunterId: number): Promise<SlotPool> {
  // From three days ahead: outside the change window, so a booking can still be rescheduled and cancelled.
  const from = londonDate(3);
  const to = londonDate(33);
  let days: SlotsResponse['days'] = [];
  // Bookings learns of the hunter and their hours by events.
  await expect(async () => {
    const response = await request.get(
      `/api/hunters/${hunterId}/slots?from=${from}&to=${to}&sessionType=whatsappVideo`,
    );
    days = (await ok<SlotsResponse>(response)).days.filter((day) => day.slots.length > 0);
    expect(days.length).toBeGreaterThan(20);
  }).toPass({ timeout: 20_000 });
  const choices: SlotChoice[] = [];
  for (const day of days) {
    // Two times a day, hours apart (a video call lasts an hour).
    for (const slot of [day.slots[0], day.slots[day.slots.length - 1]]) {
      if (slot) choices.push({ sessionDate: day.date, sessionTime: slot.time });
    }
  }
  return new SlotPool(choices);
}

/** Everything the matrix's rows name: the personas' sessions and the objects each of them owns. */
export interface Fixtures {
  as: Record<Persona, APIRequestContext>;
  userId: Record<Exclude<Persona, 'guest'>, string>;
  /** The brand the member saved, reviewed (with a photo) and commented on. */
  brand: Brand;
  /** A brand admins edit, and one they delete. */
  brandToEdit: Brand;
  brandToDelete: Brand;
  memberReview: Review;
  reviewPhotoId: string;
  memberAvatarId: string;
  hunter: Hunter;
  otherHunter: Hunter;
  hunterPhotoId: string;
  /** A pending revision of `otherHunter`'s approved profile (a new bio waiting for review, decision 0089). */
  otherHunterRevisionId: number;
  /** A photo the hunter uploaded for an edit, not yet sent in one: the hunter's only (issue 35). */
  hunterEditPhotoId: string;
  /** Times of `hunter` and of `otherHunter` nobody has taken. */
  hunterSlots: SlotPool;
  otherHunterSlots: SlotPool;
  /** The member's free booking with the hunter (confirmed): read, messaged about, rescheduled. */
  booking: BookingDetail;
  /** Two paid (simulated) bookings of the member with the hunter: one the member cancels, one the hunter. */
  bookingMemberCancels: BookingDetail;
  bookingHunterCancels: BookingDetail;
  /** A third paid one, which the hunter cancels from the dashboard with a reason (`/api/hunter-bookings`). */
  bookingHunterCancelsWithReason: BookingDetail;
  /** The photo the member attached to `booking` (its question's photo): the member's and the hunter's only. */
  bookingPhotoId: string;
  /** The member's unpaid hold with the hunter, which the member releases. */
  holdToRelease: CreatePaymentIntentResponse;
  /** The member's unpaid hold with the hunter, which only the member may pay (`POST /api/bookings`). */
  holdToPay: CreatePaymentIntentResponse & SlotChoice;
  /** The member's and the hunter's conversation (opened by the confirmed booking). */
  conversationId: string;
  /** A message of that conversation, for `read`'s `upTo`. */
  messageId: string;
  /** Held sessions, their review and edits, and passports in and out of their window (real-objects.ts). */
  real: RealObjects;
  /** The member's data export, ready: every service's part is in (decision 0098). */
  memberExport: DataExportView;
  /** A deletion of a member who left, done in every service. */
  finishedDeletionId: string;
}

const EVERY_DAY: WeeklyHours = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [...AVAILABILITY_SLOTS]]),
) as unknown as WeeklyHours;

/** The fixture hunter's WhatsApp number: it must never appear in a public answer. */
export const MATRIX_WHATSAPP = '+447700900501';

/** How each fixture hunter's sessions happen (the matrix's PUT writes the same again). */
export function matrixJoining(who: 'hunter' | 'otherHunter') {
  return {
    whatsappVoice: { phone: null },
    whatsappVideo: { phone: who === 'hunter' ? MATRIX_WHATSAPP : '+447700900502' },
    inPerson: { area: 'Matrix Mews', address: `${who === 'hunter' ? 1 : 2} Matrix Mews, London` },
  };
}

export const everyDayHours = (): WeeklyHours => EVERY_DAY;

export function hunterProfile(name: string, photo: boolean): HunterInput {
  return {
    name,
    bio: 'Finds small makers for the access matrix.',
    location: 'UK',
    specialties: ['Formal Wear'],
    adviceTypes: ['Style Consultation'],
    languages: ['English'],
    yearsExperience: 3,
    // A paid video call and a free question.
    sessionTypes: { ...DEFAULT_SESSION_TYPES, askQuestion: { enabled: true, price: 0, duration: 15 } },
    ...(photo ? { profileImageUrl: PNG_DATA_URL } : {}),
  };
}

const lastSegment = (url: string | null | undefined): string => {
  if (!url) throw new Error('expected a media URL');
  return url.split('/').pop()!;
};

/** Holds one of a hunter's times as `client` (a simulated intent) and, when `pay`, pays it. */
export async function holdSlot(
  client: APIRequestContext,
  hunterId: number,
  slot: SlotChoice,
): Promise<CreatePaymentIntentResponse> {
  const response = await client.post('/api/create-payment-intent', {
    data: { hunterId, sessionType: 'whatsappVideo', ...slot, amount: 8000, duration: 60, expressRequest: true },
    headers: ORIGIN_HEADER,
  });
  return ok<CreatePaymentIntentResponse>(response);
}

export function payBody(hunterId: number, hold: CreatePaymentIntentResponse, slot: SlotChoice) {
  return {
    hunterId,
    sessionType: 'whatsappVideo',
    ...slot,
    duration: 60,
    price: hold.amount,
    stripePaymentIntentId: hold.clientSecret.replace(/_secret$/, ''),
    bookingId: hold.bookingId,
  };
}

async function paidBooking(client: APIRequestContext, hunterId: number, pool: SlotPool): Promise<BookingDetail> {
  const slot = pool.take();
  const hold = await holdSlot(client, hunterId, slot);
  return ok<BookingDetail>(
    await client.post('/api/bookings', { data: payBody(hunterId, hold, slot), headers: ORIGIN_HEADER }),
    201,
  );
}

/** Signs every persona in and creates what each owns, through the API as its owner. */
export async function createFixtures(): Promise<Fixtures> {
  const guest = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const signedIn = await Promise.all(
    (Object.keys(EMAILS) as (keyof typeof EMAILS)[]).map(async (persona) => {
      const context = await signIn(EMAILS[persona].email, EMAILS[persona].firstName);
      const user = await ok<CurrentUserResponse>(await context.get('/api/auth/user'));
      return [persona, context, user.id] as const;
    }),
  );
  const as = {
    guest,
    ...Object.fromEntries(signedIn.map(([persona, context]) => [persona, context])),
  } as Fixtures['as'];
  const userId = Object.fromEntries(signedIn.map(([persona, , id]) => [persona, id])) as Fixtures['userId'];

  const adminBrand = async (label: string): Promise<Brand> =>
    ok<Brand>(
      await as.admin.post('/api/admin/brands', { data: brandInput(`Matrix ${label} ${RUN}`), headers: ORIGIN_HEADER }),
      201,
    );
  const [brand, brandToEdit, brandToDelete] = await Promise.all([
    adminBrand('Saved'),
    adminBrand('Edited'),
    adminBrand('Deleted'),
  ]);

  const [hunter, otherHunter] = await Promise.all([
    ok<Hunter>(
      await as.hunter.post('/api/hunters', { data: hunterProfile(`Hana Matrix ${RUN}`, true), headers: ORIGIN_HEADER }),
      201,
    ),
    ok<Hunter>(
      await as.otherHunter.post('/api/hunters', {
        data: hunterProfile(`Hugo Matrix ${RUN}`, false),
        headers: ORIGIN_HEADER,
      }),
      201,
    ),
  ]);
  // Both profiles start pending: the admin approves them and each connects (simulated) payouts, so their paid
  // types can be booked.
  for (const [persona, profile] of [
    ['hunter', hunter],
    ['otherHunter', otherHunter],
  ] as const) {
    await ok(await as.admin.post(`/api/admin/hunters/${profile.id}/approve`, { data: {}, headers: ORIGIN_HEADER }));
    await expect(async () => {
      await ok(await as[persona].post('/api/hunter-payouts/onboarding', { headers: ORIGIN_HEADER }));
    }).toPass({ timeout: 15_000 });
    await ok(await as[persona].post('/api/hunter-payouts/simulated/enable', { headers: ORIGIN_HEADER }));
    await expect(async () => {
      expect(await ok<Hunter>(await guest.get(`/api/hunters/${profile.id}`))).toMatchObject({
        takesPaidBookings: true,
      });
    }).toPass({ timeout: 15_000 });
    await ok(await as[persona].put('/api/hunter-availability/weekly', { data: EVERY_DAY, headers: ORIGIN_HEADER }));
  }

  // A change of the approved otherHunter's bio waits for review (decision 0089): the revision decisions act on it.
  const revised = await ok<OwnHunter>(
    await as.otherHunter.patch(`/api/hunters/${otherHunter.id}`, {
      data: { bio: `Hugo, revised ${RUN}.` },
      headers: ORIGIN_HEADER,
    }),
  );
  const otherHunterRevisionId = revised.revision!.id;

  // The member's own things: a saved brand, a review with a photo, a comment, an avatar.
  await ok(await as.member.post(`/api/brands/${brand.id}/save`, { headers: ORIGIN_HEADER }));
  let memberReview: Review | undefined;
  // The reviews service learns of a new brand by an event, a moment after it is created.
  await expect(async () => {
    const response = await as.member.post(`/api/brands/${brand.id}/reviews`, {
      data: {
        speedRating: 4,
        easeRating: 4,
        qualityRating: 5,
        sustainabilityRating: 4,
        reviewText: 'Lovely.',
        photos: [PNG_DATA_URL],
      },
      headers: ORIGIN_HEADER,
    });
    memberReview = await ok<Review>(response, 201);
  }).toPass({ timeout: 15_000 });
  await ok(
    await as.member.post(`/api/brands/${brand.id}/comments`, {
      data: { content: 'Matrix comment' },
      headers: ORIGIN_HEADER,
    }),
    201,
  );
  const me = await ok<CurrentUserResponse>(
    await as.member.patch('/api/auth/user', { data: { profileImageUrl: PNG_DATA_URL }, headers: ORIGIN_HEADER }),
  );

  // Before any other booking: the held sessions take the first bookable times and move the clock past them, so every
  // time below is read at the moved clock.
  const held = await createHeldSessions(as, hunter.id, [brand.id, brandToEdit.id]);

  const [hunterSlots, otherHunterSlots] = await Promise.all([
    slotPool(guest, hunter.id),
    slotPool(guest, otherHunter.id),
  ]);

  // How the hunter's sessions happen: private, released only to their booked clients.
  await ok(
    await as.hunter.put('/api/hunter-profile/joining-details', {
      data: matrixJoining('hunter'),
      headers: ORIGIN_HEADER,
    }),
  );
  // The hunter's photo for an edit still being written: an edit photo follows its edit, and this one has none yet.
  const hunterEditPhoto = await ok<{ url: string }>(
    await as.hunter.post('/api/hunter-edits/photos', { data: { photo: PNG_DATA_URL }, headers: ORIGIN_HEADER }),
    201,
  );
  // The member's question comes with a photo.
  const bookingPhoto = await ok<{ id: string; url: string }>(
    await as.member.post('/api/booking-photos', { data: { photo: PNG_DATA_URL }, headers: ORIGIN_HEADER }),
    201,
  );

  // The member's bookings with the hunter: a free one, three paid ones, and two unpaid holds.
  const freeSlot = hunterSlots.take();
  const booking = await ok<BookingDetail>(
    await as.member.post('/api/bookings', {
      data: {
        hunterId: hunter.id,
        sessionType: 'askQuestion',
        ...freeSlot,
        duration: 15,
        price: 0,
        stripePaymentIntentId: null,
        expressRequest: true,
        notes: 'Which of these suits me?',
        photoIds: [bookingPhoto.id],
      },
      headers: ORIGIN_HEADER,
    }),
    201,
  );
  const bookingMemberCancels = await paidBooking(as.member, hunter.id, hunterSlots);
  const bookingHunterCancels = await paidBooking(as.member, hunter.id, hunterSlots);
  const bookingHunterCancelsWithReason = await paidBooking(as.member, hunter.id, hunterSlots);
  // Paid before the two unpaid holds a member may have at once are taken.
  const passports = await createPassportBookings(as, hunter.id, () => hunterSlots.take());
  const holdToRelease = await holdSlot(as.member, hunter.id, hunterSlots.take());
  const paySlot = hunterSlots.take();
  // It shares the member's saved brands: until it is paid, its passport is nobody's to read (real-objects.ts).
  const holdToPay = { ...(await holdShared(as.member, hunter.id, paySlot)), ...paySlot };

  // Messaging opens the pair's conversation when it hears of the confirmed booking.
  let conversationId = '';
  await expect(async () => {
    const list = await ok<ConversationSummary[]>(await as.member.get('/api/conversations'));
    conversationId = list.find((conversation) => conversation.hunterId === hunter.id)?.id ?? '';
    expect(conversationId).not.toBe('');
  }).toPass({ timeout: 15_000 });
  const message = await ok<{ id: string }>(
    await as.hunter.post(`/api/conversations/${conversationId}/messages`, {
      data: { content: 'Hello from the matrix', receiverId: userId.member },
      headers: ORIGIN_HEADER,
    }),
    201,
  );

  // Your data (decision 0098): the member's archive, ready once every service's part is in, and a member who left,
  // whose deletion ran to its end in every service (the admins' retry acts on it).
  const memberExport = await ok<DataExportView>(
    await as.member.post('/api/account/data-exports', { headers: ORIGIN_HEADER }),
  );
  await expect(async () => {
    const current = await ok<CurrentDataExportResponse>(await as.member.get('/api/account/data-exports/current'));
    expect(current.export).toMatchObject({ id: memberExport.id, status: 'ready' });
  }).toPass({ timeout: 60_000 });
  const leaverEmail = `matrix-leaver-${RUN}@example.test`;
  const leaver = await signIn(leaverEmail, 'Lea');
  const leaverId = (await ok<CurrentUserResponse>(await leaver.get('/api/auth/user'))).id;
  await ok(await leaver.post('/api/account/deletion', { data: { email: leaverEmail }, headers: ORIGIN_HEADER }));
  await leaver.dispose();
  let finishedDeletionId = '';
  await expect(async () => {
    const { deletions } = await ok<AdminDeletionsResponse>(await as.admin.get('/api/admin/deletions'));
    const row = deletions.find((candidate) => candidate.userId === leaverId);
    expect(row?.status).toBe('done');
    finishedDeletionId = row!.id;
  }).toPass({ timeout: 60_000 });

  return {
    as,
    userId,
    brand,
    brandToEdit,
    brandToDelete,
    memberReview: memberReview!,
    reviewPhotoId: lastSegment(memberReview!.photos[0]),
    memberAvatarId: lastSegment(me.profileImageUrl),
    hunter,
    otherHunter,
    hunterPhotoId: lastSegment(hunter.profileImageUrl),
    otherHunterRevisionId,
    hunterEditPhotoId: lastSegment(hunterEditPhoto.url),
    hunterSlots,
    otherHunterSlots,
    booking,
    bookingMemberCancels,
    bookingHunterCancels,
    bookingHunterCancelsWithReason,
    bookingPhotoId: bookingPhoto.id,
    holdToRelease,
    holdToPay,
    conversationId,
    messageId: message.id,
    real: { ...held, ...passports, passportHold: holdToPay },
    memberExport,
    finishedDeletionId,
  };
}

export async function disposeFixtures(fixtures: Fixtures | undefined): Promise<void> {
  if (!fixtures) return;
  await Promise.all(Object.values(fixtures.as).map((context) => context.dispose()));
}
