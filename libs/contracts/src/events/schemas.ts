import { z } from 'zod';
import { CURRENCIES } from '../money/currencies.js';
import {
  AVAILABILITY_SLOTS,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_HISTORY_ENTRIES,
  HUNTER_STATUSES,
  SESSION_TYPES,
  JOINING_LIMITS,
  E164_PATTERN,
  WEEKDAYS,
  type SessionTypeKey,
  type Weekday,
} from '../http/hunters.js';
import { BOOKING_ATTENDANCE, BOOKING_STATUSES } from '../http/bookings.js';
import { DELETION_BLOCKERS } from './bookings.js';
import { BRAND_PLACEHOLDER_IMAGE_URL } from '../http/brands.js';
import { DEFAULT_PASSPORT_SHARES, PASSPORT_PARTS, type PassportPart } from '../http/style-passport.js';
import { MODERATION_ACTIONS, REPORTABLE_KINDS } from '../http/moderation.js';
import type { EventPayload, EventType } from './event-map.js';
import { timeZoneOfLocation } from '../time/location-zones.js';

/**
 * Runtime schemas of every event's payload, checked by the consuming side (libs/platform's EventConsumer) before a
 * handler sees it: the types in events/<service>.ts say what a publisher means to send; these make sure what
 * arrived is that, so a malformed or forged entry is parked as a dead letter instead of written into a replica.
 * Unknown extra fields pass (a newer publisher may add optional ones). Kept in step with the types by the
 * compiler: `PAYLOAD_SCHEMAS` below does not build when a schema and its type differ either way.
 * A separate entry point (`@hunted/contracts/event-schemas`), so the web app's bundle does not carry zod.
 */

const id = z.string().min(1);
const serial = z.number().int().positive();
const instant = z.iso.datetime({ offset: true });
const slot = z.enum(AVAILABILITY_SLOTS);

const userRegistered = z.object({
  userId: id,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

// Brand events from before issue 25 carry no image or tags: the placeholder and none.
const brandCreated = z.object({
  brandId: serial,
  name: z.string(),
  imageUrl: z.string().default(BRAND_PLACEHOLDER_IMAGE_URL),
  tags: z.array(z.string()).default([]),
});

const reviewCreated = z.object({ reviewId: serial, brandId: serial, userId: id, rating: z.number().int().min(1).max(5) });

const sessionTypes = z.object(
  Object.fromEntries(
    SESSION_TYPES.map((key) => [key, z.object({ enabled: z.boolean(), price: z.number().min(0), duration: z.number().int().positive() })]),
  ) as Record<SessionTypeKey, z.ZodObject<{ enabled: z.ZodBoolean; price: z.ZodNumber; duration: z.ZodNumber }>>,
);

const hunterCreatedFields = z.object({
  hunterId: serial,
  userId: id.nullable(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  location: z.string(),
  availabilityStatus: z.enum(HUNTER_AVAILABILITY_STATUSES),
  sessionTypes,
  pricePerSession: z.number().min(0),
  // Events recorded before hunters had a zone carry none: the zone of their location, as the migration set it.
  timeZone: z.string().optional(),
  // Events recorded before currencies existed were all in pounds.
  currency: z.enum(CURRENCIES).default('GBP'),
  // Events recorded before vetting existed carry no status: every hunter then was listed, as the migration approves them.
  status: z.enum(HUNTER_STATUSES).default('approved'),
});
const hunterCreated = hunterCreatedFields.transform(({ timeZone, ...hunter }) => ({
  ...hunter,
  timeZone: timeZone ?? timeZoneOfLocation(hunter.location),
}));

const hunterVetted = z.object({
  hunterId: serial,
  userId: id.nullable(),
  name: z.string(),
  decision: z.enum(HUNTER_HISTORY_ENTRIES),
  // Recorded before revisions existed: none.
  revisionId: serial.nullable().default(null),
  fromStatus: z.enum(HUNTER_STATUSES),
  status: z.enum(HUNTER_STATUSES),
  reason: z.string().nullable(),
  decidedBy: id,
  decidedAt: instant,
});

const weeklyHours = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(slot)])) as Record<Weekday, z.ZodArray<typeof slot>>);

const availabilityChanged = z.object({
  hunterId: serial,
  weeklyHours: weeklyHours.nullable(),
  dates: z.array(
    z.object({ date: z.iso.date(), timeSlots: z.array(slot), isAvailable: z.boolean(), source: z.enum(['date', 'weekly']) }),
  ),
});

const booking = z.object({
  bookingId: id,
  hunterId: serial,
  hunterUserId: id.nullable(),
  clientUserId: id,
  sessionType: z.enum(SESSION_TYPES),
  startsAt: instant,
  endsAt: instant,
  pricePence: z.number().int().min(0),
  // Events recorded before currencies were all in pounds.
  currency: z.enum(CURRENCIES).default('GBP'),
  sequence: z.number().int().min(0),
  // Events recorded before the booking's question and photos existed carry neither.
  notes: z.string().nullable().default(null),
  photoUrls: z.array(z.string()).default([]),
  // Events from before the style passport (issue 25) shared no part of it; their question was the hunter's.
  passport: z
    .object(Object.fromEntries(PASSPORT_PARTS.map((part) => [part, z.boolean()])) as Record<PassportPart, z.ZodBoolean>)
    .default({ ...DEFAULT_PASSPORT_SHARES }),
  // Events recorded before decision 0085 carry no outcome: the booking copies derive it from their facts.
  outcome: z
    .object({
      revision: z.number().int().min(0),
      status: z.enum(BOOKING_STATUSES),
      heldFrom: instant.nullable(),
      noShow: z.boolean(),
      reviewableUntil: instant.nullable(),
      editableFrom: instant.nullable(),
      passportUntil: instant.nullable(),
      // Outcomes published before decision 0090 do not say it: the copy keeps what it knew.
      reviewQualifies: z.boolean().optional(),
    })
    .nullish(),
});

const exportOf = z.object({ exportId: z.uuid(), userId: id });
const exportPart = exportOf.extend({ files: z.number().int().min(1), bytes: z.number().int().min(0) });
const deletionOf = z.object({ deletionId: z.uuid(), userId: id });

const joining = z.object({
  whatsappVoice: z.object({ phone: z.string().regex(E164_PATTERN).nullable() }),
  whatsappVideo: z.object({ phone: z.string().regex(E164_PATTERN).nullable() }),
  inPerson: z.object({ area: z.string().max(JOINING_LIMITS.area).nullable(), address: z.string().max(JOINING_LIMITS.address).nullable() }),
});

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T> extends true ? S : { error: 'schema and contract type differ'; schema: z.output<S>; type: T };

const moderationDecided = z.object({
  kind: z.enum(REPORTABLE_KINDS),
  itemId: serial,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  authorUserId: id.nullable(),
  reporterUserIds: z.array(id),
  itemTitle: z.string().min(1),
  noticePath: z.string().startsWith('/moderation/'),
});

function contract<T extends EventType>() {
  return <S extends z.ZodType>(schema: Checked<S, EventPayload<T>>) => schema as S;
}

export const PAYLOAD_SCHEMAS: { [T in EventType]: z.ZodType<EventPayload<T>> } = {
  'identity.user.registered': contract<'identity.user.registered'>()(userRegistered),
  'identity.user.updated': contract<'identity.user.updated'>()(
    userRegistered.extend({ instagramUrl: z.string().nullable(), timeZone: z.string().max(64).nullable().optional() }),
  ),
  'brands.brand.created': contract<'brands.brand.created'>()(brandCreated),
  'brands.brand.updated': contract<'brands.brand.updated'>()(brandCreated),
  'brands.brand.deleted': contract<'brands.brand.deleted'>()(z.object({ brandId: serial })),
  'reviews.review.created': contract<'reviews.review.created'>()(reviewCreated),
  'reviews.review.updated': contract<'reviews.review.updated'>()(reviewCreated),
  'reviews.review.deleted': contract<'reviews.review.deleted'>()(z.object({ reviewId: serial, brandId: serial })),
  'reviews.hunter-rating.changed': contract<'reviews.hunter-rating.changed'>()(
    z.object({
      hunterId: serial,
      rating: z.number().min(1).max(5).nullable(),
      reviewCount: z.number().int().min(0),
      ratingSum: z.number().int().min(0),
    }),
  ),
  'hunters.hunter.created': contract<'hunters.hunter.created'>()(hunterCreated),
  'hunters.hunter.updated': contract<'hunters.hunter.updated'>()(hunterCreated),
  'hunters.availability.changed': contract<'hunters.availability.changed'>()(availabilityChanged),
  'hunters.hunter.vetted': contract<'hunters.hunter.vetted'>()(hunterVetted),
  'hunters.joining-details.changed': contract<'hunters.joining-details.changed'>()(z.object({ hunterId: serial, joining })),
  'hunters.edit.sent': contract<'hunters.edit.sent'>()(
    z.object({ editId: serial, bookingId: id, hunterId: serial, hunterName: z.string(), clientUserId: id, title: z.string(), itemCount: z.number().int().min(1) }),
  ),
  'hunters.pick.chosen': contract<'hunters.pick.chosen'>()(
    z.object({ hunterId: serial, userId: id.nullable(), hunterName: z.string(), day: z.iso.date() }),
  ),
  'hunters.edit.publish-requested': contract<'hunters.edit.publish-requested'>()(
    z.object({ editId: serial, bookingId: id, hunterId: serial, hunterName: z.string(), clientUserId: id, title: z.string() }),
  ),
  'bookings.booking.confirmed': contract<'bookings.booking.confirmed'>()(booking),
  'bookings.booking.rescheduled': contract<'bookings.booking.rescheduled'>()(booking.extend({ previousStartsAt: instant, previousEndsAt: instant })),
  'bookings.booking.cancelled': contract<'bookings.booking.cancelled'>()(
    booking.extend({
      cancelledBy: z.enum(['client', 'hunter', 'system']),
      refundPence: z.number().int().min(0),
      cause: z.enum(['hunter_suspended']).nullable().default(null),
      reason: z.string().nullable().default(null),
    }),
  ),
  'bookings.booking.completed': contract<'bookings.booking.completed'>()(booking),
  'bookings.booking.refunded': contract<'bookings.booking.refunded'>()(
    booking.extend({ refundPence: z.number().int().min(0), reason: z.enum(['cancelled', 'late_payment']) }),
  ),
  'bookings.booking.attendance-marked': contract<'bookings.booking.attendance-marked'>()(
    booking.extend({ attendance: z.enum(BOOKING_ATTENDANCE), markedAt: instant }),
  ),
  'bookings.booking.disputed': contract<'bookings.booking.disputed'>()(booking.extend({ reason: z.string() })),
  'bookings.booking.dispute-resolved': contract<'bookings.booking.dispute-resolved'>()(
    booking.extend({ resolution: z.enum(['refund', 'dismiss']), note: z.string(), refundPence: z.number().int().min(0) }),
  ),
  'bookings.booking.time-proposed': contract<'bookings.booking.time-proposed'>()(
    booking.extend({ proposedStartsAt: instant, proposedEndsAt: instant, message: z.string().nullable() }),
  ),
  'bookings.booking.proposal-declined': contract<'bookings.booking.proposal-declined'>()(
    booking.extend({ proposedStartsAt: instant, proposedEndsAt: instant }),
  ),
  'bookings.booking.outcome-restated': contract<'bookings.booking.outcome-restated'>()(booking),
  'bookings.payout-account.updated': contract<'bookings.payout-account.updated'>()(
    z.object({ hunterId: serial, hunterUserId: id.nullable(), chargesEnabled: z.boolean(), payoutsEnabled: z.boolean() }),
  ),
  'messaging.message.sent': contract<'messaging.message.sent'>()(
    z.object({ messageId: id, conversationId: id, senderId: id, receiverId: id, createdAt: instant }),
  ),
  'identity.data-export.requested': contract<'identity.data-export.requested'>()(exportOf),
  'identity.data-export.ready': contract<'identity.data-export.ready'>()(exportOf.extend({ expiresAt: instant })),
  'identity.data-export.expired': contract<'identity.data-export.expired'>()(exportOf),
  'identity.user.deletion-requested': contract<'identity.user.deletion-requested'>()(deletionOf),
  'identity.user.deleted': contract<'identity.user.deleted'>()(deletionOf),
  'bookings.user-deletion.cleared': contract<'bookings.user-deletion.cleared'>()(deletionOf),
  'bookings.user-deletion.refused': contract<'bookings.user-deletion.refused'>()(
    deletionOf.extend({ blockers: z.array(z.object({ code: z.enum(DELETION_BLOCKERS), count: z.number().int().min(1) })).min(1) }),
  ),
  'brands.data-export.part-ready': contract<'brands.data-export.part-ready'>()(exportPart),
  'brands.user-data.erased': contract<'brands.user-data.erased'>()(deletionOf),
  'reviews.data-export.part-ready': contract<'reviews.data-export.part-ready'>()(exportPart),
  'reviews.user-data.erased': contract<'reviews.user-data.erased'>()(deletionOf),
  'hunters.data-export.part-ready': contract<'hunters.data-export.part-ready'>()(exportPart),
  'hunters.user-data.erased': contract<'hunters.user-data.erased'>()(deletionOf),
  'bookings.data-export.part-ready': contract<'bookings.data-export.part-ready'>()(exportPart),
  'bookings.user-data.erased': contract<'bookings.user-data.erased'>()(deletionOf),
  'messaging.data-export.part-ready': contract<'messaging.data-export.part-ready'>()(exportPart),
  'messaging.user-data.erased': contract<'messaging.user-data.erased'>()(deletionOf),
  'brands.moderation.decided': contract<'brands.moderation.decided'>()(moderationDecided),
  'reviews.moderation.decided': contract<'reviews.moderation.decided'>()(moderationDecided),
  'reviews.review.visibility-changed': contract<'reviews.review.visibility-changed'>()(
    z.object({ reviewId: serial, brandId: serial, hidden: z.boolean() }),
  ),
};

/**
 * What is wrong with a payload for its event type (each issue as `path: message`), or null when it matches the
 * contract.
 */
export function payloadProblems(type: EventType, data: unknown): string | null {
  const parsed = parsePayload(type, data);
  return parsed.ok ? null : parsed.problems;
}

/**
 * The payload as its contract reads it (defaults filled in, e.g. the `status` of a hunter event recorded before
 * vetting), or what is wrong with it.
 */
export function parsePayload<T extends EventType>(
  type: T,
  data: unknown,
): { ok: true; data: EventPayload<T> } | { ok: false; problems: string } {
  const result = PAYLOAD_SCHEMAS[type].safeParse(data);
  if (result.success) return { ok: true, data: result.data };
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`).join('; ');
  return { ok: false, problems };
}
