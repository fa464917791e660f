import { formatMinorPlain, type Currency, type EarningsBooking, type EarningsTotals, type HunterEarnings, type HunterPayout } from '@hunted/contracts';
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
    currency: row.currency,
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
        currency: row.currency,
        status: arrival <= now ? ('paid' as const) : ('pending' as const),
        arrivalDate: arrival.toISOString(),
        createdAt: new Date(row.endsAt).toISOString(),
      };
    })
    .filter((payout) => payout.amountPence > 0)
    .sort((a, b) => b.arrivalDate.localeCompare(a.arrivalDate));
}

/**
 * The year's earnings: totals per currency (a hunter who changed currency has bookings in two; amounts in different
 * currencies are never added), `totals` those of the hunter's currency now.
 */
export function earningsOf(taxYear: number, bookings: EarningsBooking[], payouts: HunterPayout[], currency: Currency): HunterEarnings {
  const byCurrency = new Map<Currency, EarningsTotals>();
  const totalsIn = (of: Currency): EarningsTotals => {
    let totals = byCurrency.get(of);
    if (!totals) byCurrency.set(of, (totals = { grossPence: 0, feePence: 0, refundedPence: 0, netPence: 0 }));
    return totals;
  };
  for (const booking of bookings) {
    const totals = totalsIn(booking.currency);
    totals.grossPence += booking.grossPence;
    totals.feePence += booking.feePence;
    totals.refundedPence += booking.refundedPence;
    totals.netPence += booking.netPence;
  }
  const totals = { ...totalsIn(currency) };
  const totalsByCurrency = [...byCurrency].map(([of, sums]) => ({ currency: of, ...sums }));
  return { taxYear, ...taxYearRange(taxYear), currency, totals, totalsByCurrency, bookings, payouts };
}

/**
 * A CSV cell: quoted when it holds a quote, comma or line break; a text starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return is prefixed with `'` so a spreadsheet never runs it as a formula (a client chooses their name).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The earnings CSV: one line per booking (London session date), its currency, amounts in major units with the
 * currency's decimals (60.00 for €60).
 */
export function earningsCsv(earnings: HunterEarnings, londonDateOf: (instant: string) => string): string {
  const header = ['date', 'booking id', 'client', 'session type', 'currency', 'gross', 'fee', 'refunded', 'net'];
  const lines = earnings.bookings.map((booking) =>
    [
      londonDateOf(booking.startsAt),
      booking.bookingId,
      booking.clientName,
      booking.sessionType,
      booking.currency,
      formatMinorPlain(booking.grossPence, booking.currency),
      formatMinorPlain(booking.feePence, booking.currency),
      formatMinorPlain(booking.refundedPence, booking.currency),
      formatMinorPlain(booking.netPence, booking.currency),
    ]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

export const earningsCsvFileName = (taxYear: number) => `hunted-earnings-${taxYear}-${taxYear + 1}.csv`;
