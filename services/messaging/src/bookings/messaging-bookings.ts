import { Injectable } from '@nestjs/common';
import type { BookingEventV1 } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';

export type MessagingBookingStatus = 'confirmed' | 'cancelled' | 'completed';

/**
 * What messaging keeps of a booking beyond the platform's shared copy (`booking_copies`, decision 0085, which holds
 * who, when, the state and the outcome): the price and refund its emails state, the client's question for the
 * conversation, and the sequence and state the booking emails were last planned for.
 */
export interface BookingEmailFacts {
  bookingId: string;
  pricePence: number;
  /**
   * The emails' own ordering: the booking's state and sequence as of the last event whose emails were planned. An
   * older event than this plans none (its news was overtaken); a reminder goes only at this sequence.
   */
  status: MessagingBookingStatus;
  sequence: number;
  refundPence: number | null;
}

/** A booking's question and photos as messaging keeps them, for a conversation that opens after its confirmation. */
export type HeldQuestion = Pick<
  BookingEventV1,
  'bookingId' | 'hunterId' | 'clientUserId' | 'sessionType' | 'startsAt' | 'notes' | 'photoUrls'
>;

/**
 * Messaging's facts of bookings, as their latest event left them. Events may arrive out of order (several
 * consumers, retries), so a change applies only when it is newer: a higher `sequence`, or at the same sequence a
 * confirmed booking ending (cancelled or completed) for a publisher that does not raise the sequence then. The
 * shared copy is written first, by BOOKING_COPY_HANDLERS in the same inbox transaction.
 */
@Injectable()
export class MessagingBookings {
  /** Applies the event's booking with `status`; true when its emails are to be planned (false: older news, ignored). */
  async apply(manager: EntityManager, booking: BookingEventV1, status: MessagingBookingStatus): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into bookings (booking_id, price_pence, status, sequence, notes, photo_urls)
       values ($1, $2, $3, $4, $5, $6::text[])
       on conflict (booking_id) do update set
         price_pence = excluded.price_pence,
         status = excluded.status,
         sequence = excluded.sequence,
         -- The question is the booking's from its hold on; an event without it (an older publisher) keeps it.
         notes = coalesce(excluded.notes, bookings.notes),
         photo_urls = case when cardinality(excluded.photo_urls) > 0 then excluded.photo_urls else bookings.photo_urls end,
         updated_at = now()
       where bookings.sequence < excluded.sequence
          or (bookings.sequence = excluded.sequence and bookings.status = 'confirmed' and excluded.status <> 'confirmed')
       returning booking_id`,
      [booking.bookingId, booking.pricePence, status, booking.sequence, booking.notes ?? null, booking.photoUrls ?? []],
    );
    return rows.length > 0;
  }

  /** A settled refund: noted if the booking is known; a refund never changes the booking's state or sequence. */
  async recordRefund(manager: EntityManager, bookingId: string, refundPence: number): Promise<void> {
    await manager.query(`update bookings set refund_pence = $2, updated_at = now() where booking_id = $1`, [
      bookingId,
      refundPence,
    ]);
  }

  /**
   * The questions (or photos) of the hunter's bookings that are not cancelled, in the order the bookings were made
   * (as messaging first heard of them): what a conversation opened late must still be given. Whether each is
   * already in its conversation is the messages' to say (`BookingQuestion.post`).
   */
  async questionsOf(manager: EntityManager, hunterId: number): Promise<HeldQuestion[]> {
    const rows: (Omit<HeldQuestion, 'startsAt'> & { startsAt: Date })[] = await manager.query(
      `select b.booking_id as "bookingId", c.hunter_id as "hunterId", c.client_user_id as "clientUserId",
              c.session_type as "sessionType", c.starts_at as "startsAt", b.notes, b.photo_urls as "photoUrls"
         from bookings b join booking_copies c on c.booking_id = b.booking_id
        where c.hunter_id = $1 and b.status <> 'cancelled'
          and (nullif(btrim(b.notes), '') is not null or cardinality(b.photo_urls) > 0)
        order by b.copied_at, b.booking_id`,
      [hunterId],
    );
    return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
  }

  async find(manager: EntityManager, bookingId: string): Promise<BookingEmailFacts | null> {
    const rows: BookingEmailFacts[] = await manager.query(
      `select booking_id as "bookingId", price_pence as "pricePence", status, sequence, refund_pence as "refundPence"
         from bookings where booking_id = $1`,
      [bookingId],
    );
    return rows[0] ?? null;
  }
}
