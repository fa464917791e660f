import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BookingCopies, now as sessionClock, SERVICE_CONFIG } from '@hunted/platform';
import type { SendMailOptions } from 'nodemailer';
import { DataSource } from 'typeorm';
import { MessagingBookings } from '../bookings/messaging-bookings.js';
import type { MessagingConfig } from '../config.js';
import { HunterCopies } from '../hunters/hunter-copies.js';
import { joiningFor, JoiningDetailsCopies } from '../hunters/joining/joining-details-copies.js';
import { EmailTemplates, memberEmailRetries, type EmailRetries, type EmailSkip, type EmailTemplate } from '../mail/email-templates.js';
import { memberRecipient } from '../mail/member-email.js';
import type { BookingEmail, OutboundEmail } from '../mail/outbound-emails.repository.js';
import { fullName, MemberCopies } from '../users/member-copies.js';
import { BOOKING_EMAIL_KINDS } from '../mail/booking-email-rows.js';
import { bookingEmail, joiningHeldBack, joiningLater } from './booking-email-content.js';
import { skipReason, type BookingToCheck } from './email-rules.js';

/**
 * The booking emails' template: when a row is due it is re-checked against the booking as messaging's facts and
 * the shared copy hold it (`skipReason`): a reminder for a booking since moved, cancelled or started is skipped,
 * not sent, and a review request goes only for a session reviewable by its published outcome. The client's emails carry the
 * hunter's joining details, read only here and only for them.
 */
@Injectable()
export class BookingEmailTemplate implements EmailTemplate, OnModuleInit {
  readonly kinds = BOOKING_EMAIL_KINDS;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: EmailTemplates,
    private readonly facts: MessagingBookings,
    private readonly copies: BookingCopies,
    private readonly members: MemberCopies,
    private readonly hunters: HunterCopies,
    private readonly joining: JoiningDetailsCopies,
  ) {}

  onModuleInit(): void {
    this.templates.register(this);
  }

  retries(config: MessagingConfig): EmailRetries {
    return memberEmailRetries(config);
  }

  async compose(row: OutboundEmail, now: Date): Promise<SendMailOptions | EmailSkip> {
    const email = row as BookingEmail;
    const manager = this.dataSource.manager;
    const booking = await this.bookingToCheck(email.bookingId);
    const reason = skipReason(
      { kind: email.kind, sequence: email.sequence, sendAt: new Date(email.sendAt) },
      booking,
      now,
      sessionClock(),
    );
    if (reason) return { skip: reason };

    const role = email.role === 'hunter' ? 'hunter' : 'client';
    // Decision 0088: the details go only once the booking can no longer be cancelled for a full refund, or with
    // the reminder, whichever comes first; before that the client is told when they will come.
    const heldBack = role === 'client' && joiningHeldBack(email.kind, email.facts, sessionClock().getTime());
    const [recipient, client, hunter, joining] = await Promise.all([
      // Identity's event may not have arrived yet: the retry finds the address.
      memberRecipient(this.members, manager, email.recipientUserId!),
      this.members.find(manager, email.facts.clientUserId),
      this.hunters.find(manager, email.facts.hunterId),
      // Private: read only for the client's email (the content also keeps it to the client's).
      role === 'client' && !heldBack ? this.joining.find(manager, email.facts.hunterId) : Promise.resolve(null),
    ]);
    return bookingEmail({
      emailId: email.id,
      kind: email.kind,
      role,
      facts: email.facts,
      recipient,
      hunterName: hunter?.name ?? 'your hunter',
      clientName: (client && fullName(client)) ?? 'your client',
      publicUrl: this.config.PUBLIC_URL,
      mailFrom: this.config.MAIL_FROM,
      operator: {
        name: this.config.OPERATOR_NAME,
        address: this.config.OPERATOR_ADDRESS,
        email: this.config.OPERATOR_EMAIL,
      },
      joining: role !== 'client' ? null : heldBack ? joiningLater(email.facts) : joiningFor(email.facts.sessionType, joining),
    });
  }

  /** The booking as its emails are checked: known to both messaging's facts and the shared copy, or unknown. */
  private async bookingToCheck(bookingId: string): Promise<BookingToCheck | null> {
    const manager = this.dataSource.manager;
    const [facts, copy] = await Promise.all([this.facts.find(manager, bookingId), this.copies.find(manager, bookingId)]);
    if (!facts || !copy || !copy.startsAt) return null;
    return { status: facts.status, sequence: facts.sequence, startsAt: copy.startsAt, endsAt: copy.endsAt, outcome: copy.outcome };
  }
}
