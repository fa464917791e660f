import { BOOKING_RULES } from './bookings.js';

/**
 * A session's cancellation policy (issue 37 items 3–4, decision 0102), as data for the rules and as the text the book
 * and pay pages, the confirmation email and /terms show, so that what the client reads before paying is what the
 * service does. The refund rule itself is BOOKING_RULES.changeWindowHours (bookings' `refundOnCancel`).
 */

/** The Consumer Contracts Regulations 2013's cancellation period for a service bought online (reg. 30). */
export const CANCELLATION_PERIOD_DAYS = 14;

export const CANCELLATION_POLICY = {
  /** A client who cancels at least this many hours before the start gets all of the price back; after, none. */
  fullRefundHoursBefore: BOOKING_RULES.changeWindowHours,
  cancellationPeriodDays: CANCELLATION_PERIOD_DAYS,
  /** One line each, in the order the policy is read. */
  rules: [
    `Cancel ${BOOKING_RULES.changeWindowHours} hours or more before the session starts: you get a full refund.`,
    `Cancel less than ${BOOKING_RULES.changeWindowHours} hours before, or do not attend: there is no refund.`,
    'If the hunter cancels or does not show: you get a full refund, whenever it happens.',
  ],
} as const;

/**
 * Whether a session needs the client's express request to start within the cancellation period (reg. 36): it starts
 * less than CANCELLATION_PERIOD_DAYS after it is booked. Either argument is an instant (Date, ISO text or ms).
 */
export function needsExpressRequest(startsAt: Date | string | number, bookedAt: Date | string | number): boolean {
  const periodMs = CANCELLATION_PERIOD_DAYS * 24 * 60 * 60 * 1000;
  return new Date(startsAt).getTime() - new Date(bookedAt).getTime() < periodMs;
}

/** What the client is told about the 14-day right, by whether the session needs the express request. */
export const EXPRESS_REQUEST = {
  /** The checkbox the client ticks before paying for (or booking) a session within the period. */
  checkboxLabel:
    `I ask for this session to take place within the ${CANCELLATION_PERIOD_DAYS}-day cancellation period, and ` +
    'understand I lose the right to cancel once it has taken place.',
  /** Beside the checkbox: why it is asked. */
  withinPeriod:
    `This session is less than ${CANCELLATION_PERIOD_DAYS} days away. The law gives you ${CANCELLATION_PERIOD_DAYS} ` +
    'days to cancel a service bought online; for it to take place sooner you must ask for that. Until then the ' +
    'refund rules above apply, and once the session has taken place your right to cancel ends.',
  /** A session booked CANCELLATION_PERIOD_DAYS or more ahead: no request is needed. */
  beyondPeriod:
    `You may cancel for any reason within ${CANCELLATION_PERIOD_DAYS} days of booking and get a full refund ` +
    `(your ${CANCELLATION_PERIOD_DAYS}-day right to cancel). After that, the refund rules above apply: cancel in ` +
    'My Bookings and the refund goes back to the card you paid with.',
  /** The 400's message when the request is missing: what the client must do. */
  required: `Tick the box asking for this session to take place within the ${CANCELLATION_PERIOD_DAYS}-day cancellation period`,
} as const;
