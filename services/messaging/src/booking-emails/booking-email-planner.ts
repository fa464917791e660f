import { Inject, Injectable } from '@nestjs/common';
import type {
  BookingAttendanceMarkedV1,
  BookingCancelledV1,
  BookingDisputedV1,
  BookingDisputeResolvedV1,
  BookingEventV1,
  BookingProposalDeclinedV1,
  BookingRefundedV1,
  BookingRescheduledV1,
  BookingTimeProposedV1,
} from '@hunted/contracts';
import { now as clockNow, SERVICE_CONFIG } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import type { MessagingConfig } from '../config.js';
import { EmailPlanner } from '../mail/email-planner.js';
import { OutboundEmailsRepository, type EmailFacts, type NewBookingEmail } from '../mail/outbound-emails.repository.js';
import type { BookingEmailKind } from '../mail/booking-email-rows.js';
import type { RecipientRole } from './booking-email-content.js';
import { remindersFor, REVIEW_REQUEST_DELAY_MS } from './email-rules.js';

const REMINDERS = ['reminder_24h', 'reminder_1h'] as const;
/** What a booking's later change makes pointless if it has not gone yet. */
const OVERTAKEN = ['confirmation', 'rescheduled', ...REMINDERS] as const;
/** The emails that tell of a change to a booking: coalesced inside `BOOKING_EMAIL_COALESCE_MS`. */
const CHANGES = ['confirmation', 'rescheduled', 'cancellation'] as const;
type ChangeKind = (typeof CHANGES)[number];
const MERGED = 'merged into a later change';

function factsOf(event: BookingEventV1): EmailFacts {
  return {
    bookingId: event.bookingId,
    hunterId: event.hunterId,
    hunterUserId: event.hunterUserId,
    clientUserId: event.clientUserId,
    sessionType: event.sessionType,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    pricePence: event.pricePence,
    currency: event.currency,
    ...(event.platformFeePence === undefined ? {} : { platformFeePence: event.platformFeePence }),
    sequence: event.sequence,
  };
}

/**
 * A change merged into one not yet sent. A recipient not yet told of the booking is told of it once, as it now
 * stands (a confirmation at the new time), unless it was cancelled; one not yet told of a move hears of one move,
 * from the time they last knew.
 */
function mergedChange(
  waitingKind: BookingEmailKind,
  waitingFacts: EmailFacts,
  kind: ChangeKind,
  facts: EmailFacts,
): { kind: ChangeKind; facts: EmailFacts } {
  if (waitingKind === 'confirmation' && kind === 'rescheduled') {
    const { previousStartsAt: _startsAt, previousEndsAt: _endsAt, ...current } = facts;
    return { kind: 'confirmation', facts: current };
  }
  if (waitingKind === 'rescheduled' && kind === 'rescheduled' && waitingFacts.previousStartsAt) {
    return {
      kind,
      facts: { ...facts, previousStartsAt: waitingFacts.previousStartsAt, previousEndsAt: waitingFacts.previousEndsAt },
    };
  }
  return { kind, facts };
}

/** The client, and the hunter's member when a member has claimed the hunter. */
function recipientsOf(event: BookingEventV1): { role: RecipientRole; userId: string }[] {
  const recipients: { role: RecipientRole; userId: string }[] = [{ role: 'client', userId: event.clientUserId }];
  if (event.hunterUserId) recipients.push({ role: 'hunter', userId: event.hunterUserId });
  return recipients;
}

/**
 * Decides which emails a booking event calls for and writes them in the event's inbox transaction; once it
 * commits, each new row's job is queued (delayed until its time for reminders). A replayed event inserts nothing
 * and queues nothing, so an event delivered five times makes one email per recipient.
 *
 * Changes (confirmed, moved, cancelled) are coalesced per booking and recipient: the first goes at once; a change
 * within `BOOKING_EMAIL_COALESCE_MS` of the last one sent waits until that window ends, and any later change
 * before then replaces the waiting email (its row skipped), so a burst of moves makes one email with the final
 * time and one invite at the final SEQUENCE. The job of the waiting row is a delayed job that reads the row and
 * the booking copy when it runs.
 */
@Injectable()
export class BookingEmailPlanner {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Pick<MessagingConfig, 'BOOKING_EMAIL_COALESCE_MS'>,
    private readonly emails: OutboundEmailsRepository,
    private readonly planner: EmailPlanner,
  ) {}

  /** Booked: a confirmation with the invite to both, and the reminders still ahead. */
  async confirmed(manager: EntityManager, event: BookingEventV1, now = clockNow()): Promise<void> {
    const changes = await this.coalesced(manager, event, 'confirmation', factsOf(event), now);
    await this.insert(manager, [...changes, ...this.reminders(event, now)]);
  }

  /** Moved: the old time's reminders dropped, the updated invite (higher SEQUENCE) to both, new reminders. */
  async rescheduled(manager: EntityManager, event: BookingRescheduledV1, now = clockNow()): Promise<void> {
    const facts = { ...factsOf(event), previousStartsAt: event.previousStartsAt, previousEndsAt: event.previousEndsAt };
    const changes = await this.coalesced(manager, event, 'rescheduled', facts, now);
    await this.skip(manager, event.bookingId, OVERTAKEN, event.sequence, 'booking rescheduled');
    await this.insert(manager, [...changes, ...this.reminders(event, now)]);
  }

  /**
   * Cancelled: reminders and unsent invites dropped, a cancellation with METHOD:CANCEL to both. Cancelled because
   * the hunter was suspended, only the client is told (with the full refund): the hunter had the suspension email.
   */
  async cancelled(manager: EntityManager, event: BookingCancelledV1, now = clockNow()): Promise<void> {
    const facts: EmailFacts = { ...factsOf(event), cancelledBy: event.cancelledBy, refundPence: event.refundPence };
    if (event.cause) facts.cause = event.cause;
    if (event.cancelledBy === 'hunter' && event.reason) facts.reason = event.reason;
    const recipients =
      event.cause === 'hunter_suspended'
        ? recipientsOf(event).filter(({ role }) => role === 'client')
        : recipientsOf(event);
    const changes = await this.coalesced(manager, event, 'cancellation', facts, now, recipients);
    await this.skip(manager, event.bookingId, OVERTAKEN, null, 'booking cancelled');
    await this.insert(manager, changes);
  }

  /** Completed: nothing to say; any reminder still pending is pointless. */
  async completed(manager: EntityManager, event: BookingEventV1): Promise<void> {
    await this.skip(manager, event.bookingId, REMINDERS, null, 'booking completed');
  }

  /** A refund settled: the client is told. */
  async refunded(manager: EntityManager, event: BookingRefundedV1, now = clockNow()): Promise<void> {
    const facts = { ...factsOf(event), refundPence: event.refundPence, refundReason: event.reason };
    await this.insert(manager, [this.email(event, 'refund', 'client', event.clientUserId, facts, now)]);
  }

  /** The hunter suggested another time: the client is told it, with the hunter's message, to accept or decline. */
  async timeProposed(manager: EntityManager, eventId: string, event: BookingTimeProposedV1, now = clockNow()): Promise<void> {
    const facts: EmailFacts = {
      ...factsOf(event),
      proposedStartsAt: event.proposedStartsAt,
      proposedEndsAt: event.proposedEndsAt,
      message: event.message,
    };
    await this.insert(manager, [this.once(eventId, this.email(event, 'time_proposed', 'client', event.clientUserId, facts, now))]);
  }

  /** The client declined the suggested time: the hunter is told. */
  async proposalDeclined(
    manager: EntityManager,
    eventId: string,
    event: BookingProposalDeclinedV1,
    now = clockNow(),
  ): Promise<void> {
    if (!event.hunterUserId) return;
    const facts: EmailFacts = { ...factsOf(event), proposedStartsAt: event.proposedStartsAt, proposedEndsAt: event.proposedEndsAt };
    await this.insert(manager, [
      this.once(eventId, this.email(event, 'proposal_declined', 'hunter', event.hunterUserId, facts, now)),
    ]);
  }

  /**
   * The hunter marked attendance: the client is told either way, as of every hunter action. A no-show comes with
   * the window to dispute it; a held session with where to review it (the review request still follows its end).
   */
  async attendanceMarked(
    manager: EntityManager,
    eventId: string,
    event: BookingAttendanceMarkedV1,
    now = clockNow(),
  ): Promise<void> {
    const kind = event.attendance === 'no_show' ? 'no_show' : 'session_held';
    const facts: EmailFacts = { ...factsOf(event), attendance: event.attendance };
    await this.insert(manager, [this.once(eventId, this.email(event, kind, 'client', event.clientUserId, facts, now))]);
  }

  /** The client disputed the no-show: the hunter is told (the admin sees it in the console). */
  async disputed(manager: EntityManager, eventId: string, event: BookingDisputedV1, now = clockNow()): Promise<void> {
    if (!event.hunterUserId) return;
    const facts: EmailFacts = { ...factsOf(event), disputeReason: event.reason };
    await this.insert(manager, [this.once(eventId, this.email(event, 'disputed', 'hunter', event.hunterUserId, facts, now))]);
  }

  /** An admin resolved the dispute: both sides are told the outcome. */
  async disputeResolved(
    manager: EntityManager,
    eventId: string,
    event: BookingDisputeResolvedV1,
    now = clockNow(),
  ): Promise<void> {
    const facts: EmailFacts = {
      ...factsOf(event),
      resolution: event.resolution,
      resolutionNote: event.note,
      refundPence: event.refundPence,
    };
    await this.insert(manager, this.toBoth(event, 'dispute_resolved', facts, now).map((email) => this.once(eventId, email)));
  }

  /**
   * The review requests now due (`sessionNow`, the clock of session rules): one per booking that ended two hours
   * ago, written by one statement and queued at once.
   */
  async reviewRequests(manager: EntityManager, sessionNow: Date, limit: number): Promise<number> {
    const endedBy = new Date(sessionNow.getTime() - REVIEW_REQUEST_DELAY_MS);
    const inserted = await this.emails.insertReviewRequests(manager, sessionNow, endedBy, new Date(), limit);
    this.planner.queueAfterCommit(manager, inserted);
    return inserted.length;
  }

  /** An email of a one-off event: once per event (its id) and recipient. */
  private once(eventId: string, email: NewBookingEmail): NewBookingEmail {
    return { ...email, dedupeKey: eventId };
  }

  /**
   * The change email for each recipient, coalesced with what they were sent or are about to be sent. Under a lock
   * on the booking (two replicas may apply two of its events at once). A replayed or late older event plans no
   * change email: a later one already says what holds.
   */
  private async coalesced(
    manager: EntityManager,
    event: BookingEventV1,
    kind: ChangeKind,
    facts: EmailFacts,
    now: Date,
    recipients = recipientsOf(event),
  ): Promise<NewBookingEmail[]> {
    await manager.query(`select pg_advisory_xact_lock(hashtextextended('booking-emails:' || $1, 0))`, [
      event.bookingId,
    ]);
    const planned: NewBookingEmail[] = [];
    for (const { role, userId } of recipients) {
      const sofar = await this.emails.changesSoFar(manager, event.bookingId, userId, CHANGES);
      // Replayed (maybe under another kind, merged), or older than a change already planned: nothing to say.
      if (sofar.newestSequence !== null && sofar.newestSequence >= event.sequence) continue;
      if (sofar.unsent) {
        // Not sent yet: this change takes its place, and its time, and says what the recipient last heard.
        const waiting = sofar.unsent;
        await this.emails.skip(manager, waiting.id, MERGED);
        this.planner.dequeueAfterCommit(manager, [waiting.id]);
        const merged = mergedChange(waiting.kind, waiting.facts, kind, facts);
        const sendAt = new Date(Math.max(new Date(waiting.sendAt).getTime(), now.getTime()));
        planned.push(this.email(event, merged.kind, role, userId, merged.facts, sendAt));
      } else {
        const windowEnd = sofar.lastSentAt ? sofar.lastSentAt.getTime() + this.config.BOOKING_EMAIL_COALESCE_MS : 0;
        planned.push(this.email(event, kind, role, userId, facts, new Date(Math.max(now.getTime(), windowEnd))));
      }
    }
    return planned;
  }

  private toBoth(event: BookingEventV1, kind: BookingEmailKind, facts: EmailFacts, sendAt: Date): NewBookingEmail[] {
    return recipientsOf(event).map(({ role, userId }) => this.email(event, kind, role, userId, facts, sendAt));
  }

  private reminders(event: BookingEventV1, now: Date): NewBookingEmail[] {
    return remindersFor(new Date(event.startsAt), now).flatMap(({ kind, sendAt }) =>
      recipientsOf(event).map(({ role, userId }) => this.email(event, kind, role, userId, factsOf(event), sendAt)),
    );
  }

  private email(
    event: BookingEventV1,
    kind: BookingEmailKind,
    role: RecipientRole,
    recipientUserId: string,
    facts: EmailFacts,
    sendAt: Date,
  ): NewBookingEmail {
    return { bookingId: event.bookingId, kind, sequence: event.sequence, role, recipientUserId, facts, sendAt };
  }

  /**
   * Skips the booking's pending emails a change made pointless and, once that commits, takes their jobs out of
   * Redis: a reminder's delayed job would otherwise wait there, days perhaps, only to find its row skipped.
   */
  private async skip(
    manager: EntityManager,
    bookingId: string,
    kinds: readonly BookingEmailKind[],
    olderThanSequence: number | null,
    reason: string,
  ): Promise<void> {
    const skipped = await this.emails.skipPending(manager, bookingId, kinds, olderThanSequence, reason);
    this.planner.dequeueAfterCommit(manager, skipped);
  }

  private async insert(manager: EntityManager, emails: NewBookingEmail[]): Promise<void> {
    await this.planner.plan(manager, emails);
  }
}
