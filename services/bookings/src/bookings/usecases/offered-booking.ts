import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException } from '@nestjs/common';
import {
  BOOKING_ERRORS,
  DEFAULT_PASSPORT_SHARES,
  EXPRESS_REQUEST,
  minorOf,
  needsExpressRequest,
  VETTING_MESSAGES,
  type Currency,
  type PassportShares,
  type SessionTypeKey,
} from '@hunted/contracts';
import { now, type AuthenticatedUser } from '@hunted/platform';
import type { HunterCopies, HunterCopy } from '../../hunters/hunter-copies.js';
import type { DatedSlot, SlotsService } from '../../slots/slots.service.js';
import type { NewBooking } from '../../store/booking-rows.js';

export const TIME_NOT_OFFERED = 'That time is not available — please pick another';
export const TYPE_NOT_OFFERED = 'This hunter does not offer that session type';

export interface OfferedBooking {
  hunter: HunterCopy;
  /** The offered start, with its date on the hunter's clock (what the row stores). */
  slot: DatedSlot;
  duration: number;
  /** The hunter's current price for the type, in minor units of the hunter's currency. */
  pricePence: number;
  currency: Currency;
}

/**
 * The checks a hold and a free booking share: the hunter exists and is approved, is not the caller, offers the type
 * and the time.
 */
export async function offeredBooking(
  deps: { hunters: HunterCopies; slots: SlotsService },
  request: {
    user: AuthenticatedUser;
    hunterId: number;
    sessionType: SessionTypeKey;
    sessionDate: string;
    sessionTime: string;
  },
): Promise<OfferedBooking> {
  const hunter = await deps.hunters.find(request.hunterId);
  // Only an approved hunter is bookable; a pending, rejected or suspended one is refused as not taking bookings.
  if (hunter.status !== 'approved') throw new ConflictException(VETTING_MESSAGES.notApproved);
  if (hunter.userId === request.user.id) throw new BadRequestException(BOOKING_ERRORS.ownHunter);
  const type = hunter.sessionTypes[request.sessionType];
  if (!type.enabled) throw new BadRequestException(TYPE_NOT_OFFERED);
  const slot = await deps.slots.offeredSlot(
    hunter,
    request.sessionType,
    type.duration,
    request.sessionDate,
    request.sessionTime,
  );
  if (!slot) throw new BadRequestException(TIME_NOT_OFFERED);
  return {
    hunter,
    slot,
    duration: type.duration,
    pricePence: minorOf(type.price, hunter.currency),
    currency: hunter.currency,
  };
}

/**
 * The time of the client's express request, for a session starting within the 14-day cancellation period of now
 * (the service's clock): without the request it is refused (400, the checkbox's message, so the page can say what to
 * tick). Null for a session further ahead, whose 14-day right to cancel applies in full, whatever the body said.
 */
export function expressRequestAtOf(offer: OfferedBooking, expressRequest: boolean | undefined): Date | null {
  const at = now();
  if (!needsExpressRequest(offer.slot.startsAt, at)) return null;
  if (expressRequest !== true) throw new BadRequestException(EXPRESS_REQUEST.required);
  return at;
}

/** The row a hold or a free booking of the offer writes: the slot's times, the type's length and current price. */
export function newBookingOf(
  request: {
    user: AuthenticatedUser;
    sessionType: SessionTypeKey;
    notes?: string | null;
    passport?: PassportShares;
  },
  offer: OfferedBooking,
  expressRequestAt: Date | null,
): NewBooking {
  return {
    id: randomUUID(),
    hunterId: offer.hunter.id,
    hunterUserId: offer.hunter.userId,
    clientUserId: request.user.id,
    sessionType: request.sessionType,
    sessionDate: offer.slot.date,
    sessionTime: offer.slot.time,
    duration: offer.duration,
    startsAt: offer.slot.startsAt,
    endsAt: offer.slot.endsAt,
    pricePence: offer.pricePence,
    currency: offer.currency,
    notes: request.notes ?? null,
    passport: request.passport ?? { ...DEFAULT_PASSPORT_SHARES },
    expressRequestAt,
  };
}
