import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  applicationFeePenceOf,
  BOOKING_ERRORS,
  BOOKING_RULES,
  PAYOUT_MESSAGES,
  type CreatePaymentIntentResponse,
} from '@hunted/contracts';
import { InjectJobQueue, JobQueue, retriedTransaction, SERVICE_CONFIG, UserCopies } from '@hunted/platform';
import { DataSource } from 'typeorm';
import type { BookingsConfig } from '../../../config.js';
import { HunterCopies } from '../../../hunters/hunter-copies.js';
import { PaymentProvider } from '../../../payments/payment-provider.js';
import { PayoutAccountsRepository } from '../../../store/payout-accounts.repository.js';
import { SlotsService } from '../../../slots/slots.service.js';
import { holdExpiry, type HoldExpiryData } from '../../booking-holds.job.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BookingQueries } from '../../../store/booking-queries.js';
import { type BookingRow } from '../../../store/booking-rows.js';
import { BookingLimits } from '../../limits/booking-limits.js';
import { BookingPhotos } from '../../../photos/booking-photos.js';
import { expressRequestAtOf, newBookingOf, offeredBooking } from '../offered-booking.js';
import type { HoldSlotCommand } from './hold-slot.commands.js';

export const FREE_NEEDS_NO_PAYMENT = 'This session is free: book it without paying';

/**
 * `POST /api/create-payment-intent`: holds the time for `HOLD_MINUTES` and creates the intent that pays for it.
 * The member's own steps are serialised (an advisory lock on their id), so asking again for the slot they hold
 * answers the same hold and intent, and a third unpaid hold is refused, as are a hold beyond the daily budget and
 * one of a time the member let go moments ago (429); other members meet the exclusion constraint (409). The
 * amount is the hunter's current price, whatever the page sent. A time less than 14 days away needs the client's
 * express request (400 without it), whose time the hold keeps (decision 0102).
 */
@Injectable()
export class HoldSlotUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BookingsConfig,
    @InjectJobQueue(holdExpiry) private readonly expiries: JobQueue<HoldExpiryData>,
    private readonly hunters: HunterCopies,
    private readonly slots: SlotsService,
    private readonly bookings: BookingRepository,
    private readonly queries: BookingQueries,
    private readonly payments: PaymentProvider,
    private readonly users: UserCopies,
    private readonly limits: BookingLimits,
    private readonly payoutAccounts: PayoutAccountsRepository,
    private readonly photos: BookingPhotos,
  ) {}

  async execute(command: HoldSlotCommand): Promise<CreatePaymentIntentResponse> {
    const offer = await offeredBooking({ hunters: this.hunters, slots: this.slots }, command);
    if (offer.pricePence === 0) throw new BadRequestException(FREE_NEEDS_NO_PAYMENT);
    const destination = await this.destinationOf(offer.hunter.id);
    const hold = await retriedTransaction(this.dataSource, async (manager): Promise<BookingRow> => {
      await this.bookings.lockClient(manager, command.user.id);
      const key = {
        clientUserId: command.user.id,
        hunterId: offer.hunter.id,
        sessionType: command.sessionType,
        startsAt: offer.slot.startsAt,
      };
      const held = await this.queries.findLiveHold(manager, key);
      // Asking again for a live hold answers it: its express request, if the time needed one, came with it.
      if (held) return held;
      const expressRequestAt = expressRequestAtOf(offer, command.expressRequest);
      if ((await this.queries.countLiveHolds(manager, command.user.id)) >= BOOKING_RULES.maxUnpaidHolds) {
        throw new ConflictException(BOOKING_ERRORS.tooManyHolds);
      }
      await this.limits.refuseReHoldTooSoon(manager, { ...key, endsAt: offer.slot.endsAt });
      await this.limits.refuseHoldBeyondDailyBudget(manager, command.user.id);
      await this.users.rememberSignedIn(manager, command.user);
      const created = await this.bookings.hold(manager, {
        ...newBookingOf(command, offer, expressRequestAt),
        holdMinutes: this.config.HOLD_MINUTES,
        destinationAccountId: destination,
        platformFeePence: applicationFeePenceOf(
          offer.pricePence,
          this.config.PLATFORM_COMMISSION_BPS,
          this.config.PLATFORM_FEE_FIXED_MINOR[offer.currency],
        ),
      });
      // The hold keeps the photos its booking will show: a photo not the caller's (or another booking's) refuses it.
      await this.photos.attach(manager, created.id, command.user.id, command.photoIds ?? []);
      return created;
    });
    const expiresAt = hold.expiresAt!;
    void this.expiries.tryAdd(
      { bookingId: hold.id },
      { jobId: hold.id, delay: Math.max(0, new Date(expiresAt).getTime() - Date.now()) },
    );
    const withIntent = hold.paymentIntentId && hold.clientSecret ? hold : await this.createIntent(hold);
    return {
      bookingId: hold.id,
      clientSecret: withIntent.clientSecret!,
      amount: hold.pricePence,
      currency: hold.currency,
      platformFeePence: hold.platformFeePence,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  }

  /**
   * The connected account a paid booking pays: the hunter's, once its payouts are enabled (and, at Stripe, its
   * charges: a destination charge to an account without them fails); before that the hold is refused (409).
   */
  private async destinationOf(hunterId: number): Promise<string> {
    const account = await this.payoutAccounts.findByHunter(hunterId);
    const ready = account?.payoutsEnabled && (this.payments.mode === 'simulated' || account.chargesEnabled);
    if (!account || !ready) throw new ConflictException(PAYOUT_MESSAGES.notTakingPaid);
    return account.accountId;
  }

  /**
   * The same key for the same hold: a retry, or a racing second call, gets the processor's first intent back. The
   * fee and destination are the hold's own, decided when it was made.
   */
  private async createIntent(hold: BookingRow): Promise<BookingRow> {
    const intent = await this.payments.createIntent({
      bookingId: hold.id,
      amountPence: hold.pricePence,
      currency: hold.currency,
      destinationAccountId: hold.destinationAccountId,
      applicationFeePence: hold.platformFeePence,
      idempotencyKey: `booking:${hold.id}:pi`,
    });
    return this.bookings.attachIntent(hold, intent);
  }
}
