import type { EarningsBooking, HunterEarnings, HunterPayout } from '@hunted/contracts';
import type { BookingRowWithNames } from '../views/booking-views.js';

/** How long after a session's end a simulated payout arrives (Stripe's standard UK payout schedule: 2 days). */
export const SIMULATED_PAYOUT_DELAY_DAYS = 2;

/** The London dates of a UK tax year: 6 April to 5 April. */
export function taxYearRange(taxYear: number): { from: string; to: string } {
  return { from: `${taxYear}-04-06`, to: `${taxYear + 1}-04-05` };
}

/**
 * One booking's money. A refund of a destination charge (`reverse_transfer`, `refund_application_fee`) takes its
 * amount back from the hunter's transfer and refunds the platform's fee in the same proportion, as Stripe does:
 * for gross G, fee F and refunded R, the fee kept is F − round(F × R / G), and the hunter's net is
 * G − R − (fee kept), never below 0. A full refund leaves fee 0 and net 0; no refund leaves net G − F.
 */
export function earningsBookingOf(row: BookingRowWithNames): EarningsBooking {
  const gross = row.pricePence;
  const refunded = Math.min(row.refundedPence, gross);
  const feeRefunded = gross > 0 ? Math.round((row.platformFeePence * refunded) / gross) : 0;
  const fee = row.platformFeePence - feeRefunded;
  return {
    bookingId: row.id,
    clientName: row.clientName ?? 'Client',
    sessionType: row.sessionType,
    startsAt: new Date(row.startsAt).toISOString(),
    status: row.status,
    grossPence: gross,
    feePence: fee,
    refundedPence: refunded,
    netPence: Math.max(0, gross - refunded - fee),
  };
}

/**
 * Simulated mode's payouts (there is no Stripe balance): one per confirmed or completed paid booking, of its net,
 * arriving SIMULATED_PAYOUT_DELAY_DAYS after the session ends; `paid` once that is past, else `pending`.
 */
export function simulatedPayoutsOf(rows: readonly BookingRowWithNames[], now = new Date()): HunterPayout[] {
  return rows
    .filter((row) => row.status === 'confirmed' || row.status === 'completed')
    .map((row) => {
      const arrival = new Date(new Date(row.endsAt).getTime() + SIMULATED_PAYOUT_DELAY_DAYS * 86_400_000);
      return {
        id: `sim_po_${row.id}`,
        amountPence: earningsBookingOf(row).netPence,
        status: arrival <= now ? ('paid' as const) : ('pending' as const),
        arrivalDate: arrival.toISOString(),
        createdAt: new Date(row.endsAt).toISOString(),
      };
    })
    .filter((payout) => payout.amountPence > 0)
    .sort((a, b) => b.arrivalDate.localeCompare(a.arrivalDate));
}

export function earningsOf(taxYear: number, bookings: EarningsBooking[], payouts: HunterPayout[]): HunterEarnings {
  const totals = { grossPence: 0, feePence: 0, refundedPence: 0, netPence: 0 };
  for (const booking of bookings) {
    totals.grossPence += booking.grossPence;
    totals.feePence += booking.feePence;
    totals.refundedPence += booking.refundedPence;
    totals.netPence += booking.netPence;
  }
  return { taxYear, ...taxYearRange(taxYear), totals, bookings, payouts };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/**
 * A CSV cell: quoted when it holds a quote, comma or line break; a text starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return is prefixed with `'` so a spreadsheet never runs it as a formula (a client chooses their name).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The earnings CSV: one line per booking (London session date), amounts in pounds with 2 decimals. */
export function earningsCsv(earnings: HunterEarnings, londonDateOf: (instant: string) => string): string {
  const header = ['date', 'booking id', 'client', 'session type', 'gross', 'fee', 'refunded', 'net'];
  const lines = earnings.bookings.map((booking) =>
    [
      londonDateOf(booking.startsAt),
      booking.bookingId,
      booking.clientName,
      booking.sessionType,
      pounds(booking.grossPence),
      pounds(booking.feePence),
      pounds(booking.refundedPence),
      pounds(booking.netPence),
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

export const earningsCsvFileName = (taxYear: number) => `hunted-earnings-${taxYear}-${taxYear + 1}.csv`;
