import { applicationFeePenceOf, type HunterEarnings } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import type { BookingRowWithNames } from '../views/booking-views.js';
import { csvCell, earningsBookingOf, earningsCsv, earningsOf, simulatedPayoutsOf, taxYearRange } from './earnings.js';

const row = (over: Partial<BookingRowWithNames>): BookingRowWithNames =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    status: 'confirmed',
    sessionType: 'whatsappVideo',
    startsAt: new Date('2026-06-01T09:00:00Z'),
    endsAt: new Date('2026-06-01T10:00:00Z'),
    pricePence: 8000,
    currency: 'GBP',
    platformFeePence: 200,
    refundedPence: 0,
    clientName: 'Ann Lee',
    ...over,
  }) as BookingRowWithNames;

describe('earnings arithmetic', () => {
  it("the platform's fee: £2.00 plus the commission of the price, never above the price", () => {
    expect(applicationFeePenceOf(8000, 0)).toBe(200);
    expect(applicationFeePenceOf(8000, 1000)).toBe(1000); // 200 + 10% of 8000
    expect(applicationFeePenceOf(150, 0)).toBe(150);
    expect(applicationFeePenceOf(500, 10_000)).toBe(500);
    expect(applicationFeePenceOf(0, 1000)).toBe(0);
  });

  it('net is gross − refunded − the fee kept; a refund refunds the fee in proportion', () => {
    expect(earningsBookingOf(row({}))).toMatchObject({
      grossPence: 8000,
      feePence: 200,
      refundedPence: 0,
      netPence: 7800,
    });
    expect(earningsBookingOf(row({ status: 'cancelled', refundedPence: 8000 }))).toMatchObject({
      feePence: 0,
      refundedPence: 8000,
      netPence: 0,
    });
    // half back: half the £10 fee refunded, £35 kept
    expect(earningsBookingOf(row({ platformFeePence: 1000, refundedPence: 4000 }))).toMatchObject({
      feePence: 500,
      refundedPence: 4000,
      netPence: 3500,
    });
    expect(earningsBookingOf(row({ clientName: null })).clientName).toBe('Client');
  });

  it('totals add up; the tax year runs 6 April to 5 April', () => {
    const earnings = earningsOf(
      2026,
      [row({}), row({ refundedPence: 8000, status: 'cancelled' })].map(earningsBookingOf),
      [],
      'GBP',
    );
    expect(earnings).toMatchObject({
      from: '2026-04-06',
      to: '2027-04-05',
      totals: { grossPence: 16000, feePence: 200, refundedPence: 8000, netPence: 7800 },
    });
    expect(taxYearRange(2025)).toEqual({ from: '2025-04-06', to: '2026-04-05' });
  });

  it('simulated payouts: one per confirmed or completed booking, of its net, 2 days after the session ends', () => {
    const payouts = simulatedPayoutsOf(
      [row({ status: 'completed' }), row({ id: 'b2', status: 'cancelled', refundedPence: 8000 })],
      new Date('2026-06-05T00:00:00Z'),
    );
    expect(payouts).toEqual([
      {
        id: 'sim_po_00000000-0000-4000-8000-000000000001',
        amountPence: 7800,
        currency: 'GBP',
        status: 'paid',
        arrivalDate: '2026-06-03T10:00:00.000Z',
        createdAt: '2026-06-01T10:00:00.000Z',
      },
    ]);
    expect(simulatedPayoutsOf([row({})], new Date('2026-06-02T00:00:00Z'))[0]!.status).toBe('pending');
  });

  it('CSV cells never start a formula and quote what needs quoting', () => {
    expect(csvCell('Ann Lee')).toBe('Ann Lee');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+44 7700')).toBe("'+44 7700");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Lee, "Ann"')).toBe('"Lee, ""Ann"""');
    expect(csvCell('=HYPERLINK("x"),y')).toBe('"\'=HYPERLINK(""x""),y"');
  });

  it('the CSV: a header and one line per booking, each in its currency', () => {
    const bookings = [row({}), row({ id: '00000000-0000-4000-8000-000000000002', currency: 'EUR', pricePence: 6000, platformFeePence: 250 })];
    const earnings: HunterEarnings = earningsOf(2026, bookings.map(earningsBookingOf), [], 'EUR');
    expect(earningsCsv(earnings, (instant) => instant.slice(0, 10))).toBe(
      'date,booking id,client,session type,currency,gross,fee,refunded,net\r\n' +
        '2026-06-01,00000000-0000-4000-8000-000000000001,Ann Lee,whatsappVideo,GBP,80.00,2.00,0.00,78.00\r\n' +
        '2026-06-01,00000000-0000-4000-8000-000000000002,Ann Lee,whatsappVideo,EUR,60.00,2.50,0.00,57.50\r\n',
    );
  });

  it('totals per currency, never adding one currency to another; `totals` in the hunter’s currency now', () => {
    const bookings = [row({}), row({ id: 'e1', currency: 'EUR', pricePence: 6000, platformFeePence: 250 })];
    const earnings = earningsOf(2026, bookings.map(earningsBookingOf), [], 'EUR');
    expect(earnings.totals).toEqual({ grossPence: 6000, feePence: 250, refundedPence: 0, netPence: 5750 });
    expect(earnings.totalsByCurrency).toEqual([
      { currency: 'GBP', grossPence: 8000, feePence: 200, refundedPence: 0, netPence: 7800 },
      { currency: 'EUR', grossPence: 6000, feePence: 250, refundedPence: 0, netPence: 5750 },
    ]);
    // A fee's fixed part per currency: the third argument.
    expect(applicationFeePenceOf(6000, 1000, 250)).toBe(850);
  });
});
