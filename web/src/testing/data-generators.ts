import {
  addDays,
  instantIn,
  isoInstant,
  DEFAULT_SESSION_TYPES,
  type AdminHunter,
  type Brand,
  type Hunter,
  type OwnHunter,
  type HunterBooking,
  type MyBooking,
  type SessionTypeKey,
  type SlotsResponse,
  type TodayBrand,
} from '@hunted/contracts';
import { json } from './fetch-stub';

let nextId = 1;

export function aBrand(overrides: Partial<Brand> = {}): Brand {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Brand ${id}`,
    description: 'Small-batch goods made with care.',
    category: 'Clothing',
    location: 'UK',
    delivery: 'Europe Wide',
    imageUrl: `/demo-brands/brand-${id}.svg`,
    instagramUrl: 'https://instagram.com/example',
    etsyUrl: null,
    websiteUrl: 'https://example.com',
    tiktokUrl: null,
    votes: 0,
    rating: 4,
    ratingCount: 3,
    tags: [],
    hashtags: [],
    priceCategory: '££',
    featured: false,
    featuredDate: null,
    views: 10,
    createdAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

export function aTodayBrand(overrides: Partial<TodayBrand> = {}): TodayBrand {
  return { ...aBrand(overrides), todayVotes: overrides.todayVotes ?? 0 };
}

export function aHunter(overrides: Partial<Hunter> = {}): Hunter {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Hunter ${id}`,
    profileImageUrl: null,
    bio: 'Personal shopper for considered, long-lasting wardrobes.',
    specialties: ['Luxury Fashion'],
    pricePerSession: 25,
    currency: 'GBP',
    location: 'UK',
    timeZone: 'Europe/London',
    availabilityStatus: 'Available',
    rating: 4.5,
    reviewCount: 12,
    totalSessions: 40,
    adviceTypes: ['Personal Shopping'],
    languages: ['English'],
    yearsExperience: 6,
    featured: false,
    sessionTypes: DEFAULT_SESSION_TYPES,
    instagramUrl: null,
    verified: true,
    takesPaidBookings: true,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in member's own profile (`GET /api/hunter-profile`): approved unless told otherwise. */
export function anOwnHunter(overrides: Partial<OwnHunter> = {}): OwnHunter {
  const status = overrides.status ?? 'approved';
  return {
    ...aHunter({ verified: status === 'approved', ...overrides }),
    userId: member.id,
    status,
    statusReason: null,
    revision: null,
    decisions: [],
    ...overrides,
  };
}

/** A hunter as the admin console reads it. */
export function anAdminHunter(overrides: Partial<AdminHunter> = {}): AdminHunter {
  const status = overrides.status ?? 'pending';
  return {
    ...aHunter({ verified: status === 'approved', rating: null, reviewCount: 0, ...overrides }),
    userId: `user-${overrides.id ?? 'x'}`,
    status,
    statusReason: null,
    submittedAt: '2026-11-20T10:00:00.000Z',
    decisions: [],
    pendingRevision: null,
    ...overrides,
  };
}

export const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  instagramUrl: null,
  timeZone: 'Europe/London',
  isAdmin: false,
};

export const admin = { ...member, id: 'admin1', email: 'admin@hunted.example', firstName: 'Grace', isAdmin: true };

export const signedOut = { 'GET /api/auth/user': () => json(401, { message: 'Unauthorized' }) };
export const signedIn = { 'GET /api/auth/user': () => json(200, member) };

/** A JSON list answer with the paging total header. */
export function page(body: unknown[], total: number): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'x-total-count': String(total) },
  });
}

/**
 * A `GET /api/hunters/{id}/slots` answer: every date from `from` for `days` days, with the given times on each, on
 * the hunter's clock (`timeZone`, London's by default), each start the instant that clock reads then.
 */
export function aSlotsResponse(
  hunterId: number,
  sessionType: SessionTypeKey,
  from: string,
  timesByDate: Record<string, string[]>,
  days = 7,
  timeZone = 'Europe/London',
): SlotsResponse {
  const duration = DEFAULT_SESSION_TYPES[sessionType].duration;
  return {
    hunterId,
    sessionType,
    duration,
    timeZone,
    days: Array.from({ length: days }, (_, index) => {
      const date = addDays(from, index);
      return {
        date,
        slots: (timesByDate[date] ?? []).map((time) => {
          const startsAt = instantIn(timeZone, date, time);
          return { time, startsAt: isoInstant(startsAt), endsAt: isoInstant(startsAt + duration * 60_000) };
        }),
      };
    }),
  };
}

let nextBookingId = 1;

export function aMyBooking(overrides: Partial<MyBooking> = {}): MyBooking {
  const id = overrides.id ?? `booking-${nextBookingId++}`;
  return {
    id,
    status: 'confirmed',
    hunterId: 7,
    hunterName: 'Sofia Marin',
    hunterProfileImage: null,
    hunterLocation: 'UK',
    hunterTimeZone: 'Europe/London',
    sessionDate: '2026-12-01',
    sessionTime: '10:00',
    sessionType: 'whatsappVideo',
    startsAt: '2026-12-01T10:00:00.000Z',
    duration: 60,
    price: 8000,
    currency: 'GBP',
    platformFeePence: 200,
    expressRequestAt: null,
    notes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    canReschedule: true,
    canCancel: true,
    refundIfCancelledPence: 8000,
    expiresAt: null,
    photoUrls: [],
    endsAt: '2026-12-01T11:00:00.000Z',
    joining: null,
    attendance: null,
    cancelledBy: null,
    cancelReason: null,
    proposal: null,
    dispute: null,
    canDispute: false,
    reviewableUntil: null,
    ...overrides,
  };
}

export function aHunterBooking(overrides: Partial<HunterBooking> = {}): HunterBooking {
  const id = overrides.id ?? `booking-${nextBookingId++}`;
  return {
    id,
    clientName: 'Ada Lovelace',
    sessionType: 'whatsappVideo',
    sessionDate: '2026-12-01',
    sessionTime: '10:00',
    startsAt: '2026-12-01T10:00:00.000Z',
    duration: 60,
    totalAmount: 8000,
    currency: 'GBP',
    status: 'confirmed',
    endsAt: '2026-12-01T11:00:00.000Z',
    notes: null,
    photoUrls: [],
    attendance: null,
    cancelledBy: null,
    cancelReason: null,
    proposal: null,
    dispute: null,
    canCancel: false,
    canPropose: false,
    canMarkAttendance: false,
    joiningReleasesAt: null,
    ...overrides,
  };
}
