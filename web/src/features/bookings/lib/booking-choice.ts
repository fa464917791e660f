import { PASSPORT_PARTS, isTimeZone, type PassportShares, type SessionTypeKey } from '@hunted/contracts';

/** The spec's booking choice, held in the browser session between the schedule and the payment page. */
export interface BookingChoice {
  hunterId: number;
  /** The hunter's date, YYYY-MM-DD: what the API takes, read in `timeZone`. */
  sessionDate: string;
  /** The hunter's wall clock, 'HH:MM'. */
  sessionTime: string;
  /** The start itself (ISO), the slot's identity, which the pages show on the viewer's clock. */
  startsAt?: string;
  /** The hunter's zone (IANA) the date and time are in; the site's for a choice saved before issue 38. */
  timeZone?: string;
  sessionType: SessionTypeKey;
  /** Minutes (the spec's default is 60). */
  duration: number;
  /** Whole pounds; 0 is a free session. */
  price: number;
  /** The client's question or brief (left out when there is none). */
  notes?: string;
  /** Ids of the photos already uploaded for this booking (left out when there are none). */
  photoIds?: string[];
  /** What of the style passport the client chose to share on the booking page. */
  passport?: PassportShares;
  /**
   * The client ticked the express request on the booking page (a time less than 14 days away needs it), or a held
   * booking being paid from /my-bookings made it with its hold. Left out otherwise.
   */
  expressRequest?: boolean;
}

function passportOf(value: unknown): PassportShares | null {
  if (typeof value !== 'object' || value === null) return null;
  const shares = value as Record<string, unknown>;
  return PASSPORT_PARTS.every((part) => typeof shares[part] === 'boolean')
    ? (Object.fromEntries(PASSPORT_PARTS.map((part) => [part, shares[part]])) as PassportShares)
    : null;
}

export const BOOKING_CHOICE_KEY = 'bookingChoice';
export const DEFAULT_BOOKING_DURATION = 60;

export function saveBookingChoice(choice: BookingChoice): void {
  sessionStorage.setItem(BOOKING_CHOICE_KEY, JSON.stringify(choice));
}

/** The stored choice for this hunter, or null when there is none (or it is for another hunter, or unreadable). */
export function readBookingChoice(hunterId: number): BookingChoice | null {
  const raw = sessionStorage.getItem(BOOKING_CHOICE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BookingChoice>;
    if (
      value.hunterId !== hunterId ||
      typeof value.sessionDate !== 'string' ||
      typeof value.sessionTime !== 'string' ||
      typeof value.sessionType !== 'string' ||
      typeof value.price !== 'number'
    ) {
      return null;
    }
    return {
      hunterId: value.hunterId,
      sessionDate: value.sessionDate,
      sessionTime: value.sessionTime,
      sessionType: value.sessionType,
      duration: typeof value.duration === 'number' ? value.duration : DEFAULT_BOOKING_DURATION,
      price: value.price,
      ...(typeof value.startsAt === 'string' && !Number.isNaN(Date.parse(value.startsAt))
        ? { startsAt: value.startsAt }
        : {}),
      ...(isTimeZone(value.timeZone) ? { timeZone: value.timeZone } : {}),
      ...(typeof value.notes === 'string' && value.notes !== '' ? { notes: value.notes } : {}),
      ...(Array.isArray(value.photoIds) && value.photoIds.length > 0
        ? { photoIds: value.photoIds.filter((id): id is string => typeof id === 'string') }
        : {}),
      ...(passportOf(value.passport) ? { passport: passportOf(value.passport)! } : {}),
      ...(value.expressRequest === true ? { expressRequest: true } : {}),
    };
  } catch {
    return null;
  }
}

export function clearBookingChoice(): void {
  sessionStorage.removeItem(BOOKING_CHOICE_KEY);
}

/** The intent id inside a client secret: Stripe's 'pi_123_secret_abc' → 'pi_123'; simulated 'sim_123_secret' → 'sim_123'. */
export function intentIdOf(clientSecret: string): string {
  const match = /^(.+?)_secret(?:_.*)?$/.exec(clientSecret);
  return match ? match[1]! : clientSecret;
}
