import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { BookingRow } from '../store/booking-rows.js';
import type { BookingViews } from '../views/booking-views.js';

export const ONLY_CLIENT_ANSWERS = 'Only the client can do this';

/** 409 with the rule's reason (store/booking-rules.ts, `refusalTo…`), when there is one. */
export function refuseWith(refusal: string | null): void {
  if (refusal !== null) throw new ConflictException(refusal);
}

/** A booking the member is the client of: 404 to a stranger, 403 to its hunter (the client answers). */
export async function clientsBooking(views: BookingViews, bookingId: string, userId: string): Promise<BookingRow> {
  const row = await views.findForParticipant(bookingId, userId);
  if (row.clientUserId !== userId) throw new ForbiddenException(ONLY_CLIENT_ANSWERS);
  return row;
}
