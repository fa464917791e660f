import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BOOKING_ERRORS } from '@hunted/contracts';
import { retriedTransaction, UserCopies } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { HunterCopies } from '../../../hunters/hunter-copies.js';
import { PaymentProvider } from '../../../payments/payment-provider.js';
import { SlotsService } from '../../../slots/slots.service.js';
import { BookingPaymentOutcomes } from '../../../payments/booking-payment-outcomes.js';
import { BookingLimits } from '../../limits/booking-limits.js';
import { BookingPhotos } from '../../../photos/booking-photos.js';
import { BookingRepository } from '../../../store/booking.repository.js';
import { BOOKING_NOT_FOUND, type BookingRow } from '../../../store/booking-rows.js';
import { expressRequestAtOf, newBookingOf, offeredBooking } from '../offered-booking.js';
import type { ConfirmBookingCommand } from './confirm-booking.commands.js';

/**
 * `POST /api/bookings`. Paid: confirms the caller's hold once the processor says its intent succeeded for the
 * hold's amount, in gbp, for that booking (the same step as the webhook's; whichever comes second finds it done).
 * Free (no intent): books at once if the type costs nothing now, under the same exclusion constraints and at most
 * `FREE_BOOKINGS_UPCOMING_MAX` upcoming with one hunter (counted under the member's lock: concurrent requests queue).
 */
@Injectable()
export class ConfirmBookingUseCase {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterCopies,
    private readonly slots: SlotsService,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentProvider,
    private readonly outcomes: BookingPaymentOutcomes,
    private readonly users: UserCopies,
    private readonly limits: BookingLimits,
    private readonly photos: BookingPhotos,
  ) {}

  async execute(command: ConfirmBookingCommand): Promise<BookingRow> {
    return command.paymentIntentId === null
      ? this.bookFree(command)
      : this.confirmPaid(command, command.paymentIntentId);
  }

  private async confirmPaid(command: ConfirmBookingCommand, paymentIntentId: string): Promise<BookingRow> {
    if (this.payments.mode === 'stripe' && paymentIntentId.startsWith('sim_'))
      throw new BadRequestException(BOOKING_ERRORS.paymentRequired);
    const hold = await this.bookings.findByIntent(paymentIntentId);
    if (!hold || hold.clientUserId !== command.user.id) throw new NotFoundException(BOOKING_NOT_FOUND);
    if (hold.status === 'confirmed' || hold.status === 'completed') return hold;
    const intent = await this.payments.retrieveIntent(paymentIntentId);
    if (intent.status === 'canceled') throw new ConflictException(BOOKING_ERRORS.holdExpired);
    const paid =
      intent.status === 'succeeded' &&
      intent.amountPence === hold.pricePence &&
      intent.currency === hold.currency.toLowerCase() &&
      intent.bookingId === hold.id;
    if (!paid) throw new BadRequestException(BOOKING_ERRORS.paymentRequired);
    const outcome = await this.outcomes.settle(intent);
    if (outcome !== 'confirmed') throw new ConflictException(BOOKING_ERRORS.holdExpired);
    return this.bookings.get(hold.id);
  }

  private async bookFree(command: ConfirmBookingCommand): Promise<BookingRow> {
    const offer = await offeredBooking({ hunters: this.hunters, slots: this.slots }, command);
    if (offer.pricePence !== 0) throw new BadRequestException(BOOKING_ERRORS.paymentRequired);
    const expressRequestAt = expressRequestAtOf(offer, command.expressRequest);
    return retriedTransaction(this.dataSource, async (manager) => {
      await this.bookings.lockClient(manager, command.user.id);
      await this.limits.refuseFreeBookingBeyondCap(manager, command.user.id, offer.hunter.id);
      await this.users.rememberSignedIn(manager, command.user);
      return this.bookings.bookFree(manager, newBookingOf(command, offer, expressRequestAt), (row) =>
        this.photos.attach(manager, row.id, command.user.id, command.photoIds ?? []),
      );
    });
  }
}
