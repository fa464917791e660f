import { Injectable } from '@nestjs/common';
import { binaryFile, extensionOf, jsonFile, textFile, type DataExportContributor, type ExportFile } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterCopies } from '../hunters/hunter-copies.js';
import { ConnectClient } from '../payouts/connect-client.js';
import { earningsBookingOf, simulatedPayoutsOf } from '../payouts/earnings.js';
import { BookingPhotosRepository } from '../photos/booking-photos.repository.js';
import { BookingQueries } from '../store/booking-queries.js';
import { BookingRefundsRepository } from '../store/booking-refunds.repository.js';
import { questionForHunter, type BookingRow } from '../store/booking-rows.js';
import { HunterPayoutsRepository } from '../store/hunter-payouts.repository.js';
import { payoutAccountOf, PayoutAccountsRepository } from '../store/payout-accounts.repository.js';

const README = `# Your bookings on Hunted

What the bookings service holds about you, as of the moment this archive was made. Amounts are in pence (GBP);
times are ISO 8601 instants (UTC), session dates and times are London's.

- \`bookings-as-client.json\`: every session you booked or held: the hunter, the type, the London date and time,
  the start and end, the status, the price, your question and the photos you attached (file names under
  \`photos/\`), what of your style passport you shared, cancellation, attendance, a dispute, and its payment.
- \`bookings-as-hunter.json\`: the sessions booked with your hunter profile: the client's name as the pages show
  it, the type, the times, the status, the price, the question as you were shown it, cancellation, attendance.
- \`payments.json\`: each payment you made for a session (its payment id at the processor, amount, when) and each
  refund of it (amount, status, when).
- \`payout-accounts.json\`: the connected account your earnings are paid to (Stripe Connect, or simulated): its id
  and its state as Stripe last reported it (details submitted, charges and payouts enabled, what is still due).
- \`earnings.json\`: per paid session of your hunter profile the gross, the platform's fee, the refunded amount and
  your net, and the payouts of your account to your bank.
- \`photos/\`: the photos you uploaded for your bookings' questions, as stored (their metadata was removed on upload).
`;

type ExportRow = BookingRow & { hunterName: string | null; clientName: string | null; role: 'client' | 'hunter' };

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * Bookings' part of a member's export (`identity.data-export.requested`, in its inbox transaction: one snapshot):
 * their bookings as client and as hunter, the photos they uploaded (bytes as files), their payments and refunds,
 * their payout accounts' state and their earnings. services/bookings/README.md, "## Your data".
 */
@Injectable()
export class BookingsDataExport implements DataExportContributor {
  constructor(
    private readonly queries: BookingQueries,
    private readonly hunters: HunterCopies,
    private readonly photos: BookingPhotosRepository,
    private readonly refunds: BookingRefundsRepository,
    private readonly accounts: PayoutAccountsRepository,
    private readonly payouts: HunterPayoutsRepository,
    private readonly connect: ConnectClient,
  ) {}

  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    const hunterIds = await this.hunters.idsOfMember(manager, userId);
    const rows: ExportRow[] = await this.queries.ofMemberForExport(manager, userId, hunterIds);
    const photos = await this.photos.ofOwner(manager, userId);
    const photoFiles = new Map(photos.map((photo) => [photo.id, `photos/${photo.id}.${extensionOf(photo.contentType)}`]));
    const asClient = rows.filter((row) => row.role === 'client');
    const asHunter = rows.filter((row) => row.role === 'hunter');
    const refunds = await this.refunds.ofBookings(
      manager,
      asClient.filter((row) => row.paidAt !== null).map((row) => row.id),
    );
    const accounts = await this.accounts.ofMember(manager, userId, hunterIds);
    const paid = asHunter
      .filter((row) => row.pricePence > 0)
      .filter((row) => ['confirmed', 'completed'].includes(row.status) || (row.status === 'cancelled' && row.paidAt !== null))
      .map((row) => ({ ...row, hunterProfileImage: null, hunterLocation: null, hunterTimeZone: null }));
    const payouts =
      this.connect.mode === 'simulated'
        ? simulatedPayoutsOf(paid)
        : await this.payouts.ofAccounts(manager, accounts.map((account) => account.accountId));

    return [
      textFile('bookings', 'README.md', README),
      jsonFile('bookings', 'bookings-as-client.json', asClient.map((row) => this.clientView(row, photoFiles))),
      jsonFile('bookings', 'bookings-as-hunter.json', asHunter.map((row) => this.hunterView(row))),
      jsonFile(
        'bookings',
        'payments.json',
        asClient
          .filter((row) => row.paidAt !== null)
          .map((row) => ({
            bookingId: row.id,
            paymentId: row.paymentIntentId,
            amountPence: row.pricePence,
            currency: row.currency.toLowerCase(),
            paidAt: iso(row.paidAt),
            refundOwedPence: row.refundPence,
            refundedPence: row.refundedPence,
            refundedAt: iso(row.refundedAt),
            refunds: refunds
              .filter((refund) => refund.bookingId === row.id)
              .map((refund) => ({ ...refund, createdAt: iso(refund.createdAt), updatedAt: iso(refund.updatedAt) })),
          })),
      ),
      jsonFile(
        'bookings',
        'payout-accounts.json',
        accounts.map((account) => ({ hunterId: account.hunterId, ...payoutAccountOf(account.mode, account) })),
      ),
      jsonFile('bookings', 'earnings.json', { bookings: paid.map(earningsBookingOf), payouts }),
      ...photos.map((photo) => binaryFile('bookings', photoFiles.get(photo.id)!, photo.contentType, photo.bytes)),
    ];
  }

  private sessionOf(row: ExportRow) {
    return {
      id: row.id,
      sessionType: row.sessionType,
      sessionDate: row.sessionDate,
      sessionTime: row.sessionTime,
      durationMinutes: row.duration,
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      status: row.status,
      pricePence: row.pricePence,
      bookedAt: iso(row.createdAt),
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
      attendance: row.attendance,
      attendanceMarkedAt: iso(row.attendanceMarkedAt),
      dispute: row.disputeStatus
        ? { status: row.disputeStatus, reason: row.disputeReason, at: iso(row.disputedAt), resolvedAt: iso(row.disputeResolvedAt) }
        : null,
    };
  }

  private clientView(row: ExportRow, photoFiles: Map<string, string>) {
    const photoIds = row.photoUrls.map((url) => url.slice(url.lastIndexOf('/') + 1));
    return {
      ...this.sessionOf(row),
      hunter: row.hunterName,
      question: row.notes,
      photos: photoIds.map((id) => photoFiles.get(id)).filter((file): file is string => file !== undefined),
      passportShared: row.passport,
      holdExpiresAt: row.status === 'pending_payment' ? iso(row.expiresAt) : null,
      paidAt: iso(row.paidAt),
      refundedPence: row.refundedPence,
    };
  }

  private hunterView(row: ExportRow) {
    return { ...this.sessionOf(row), client: row.clientName ?? 'Client', question: questionForHunter(row).notes };
  }
}
