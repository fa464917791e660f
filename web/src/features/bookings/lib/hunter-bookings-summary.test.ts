import { describe, expect, it } from 'vitest';
import { aHunterBooking } from '@/testing/data-generators';
import { summariseHunterBookings } from './hunter-bookings-summary';

const NOW = Date.parse('2026-12-10T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString();

describe('summariseHunterBookings', () => {
  it('keeps an older session still to mark or under dispute in the recent list, and lists cancellations apart', () => {
    const past = Array.from({ length: 7 }, (_, index) =>
      aHunterBooking({ id: `past-${index}`, status: 'completed', startsAt: daysAgo(index + 1) }),
    );
    past[5] = { ...past[5]!, canMarkAttendance: true };
    past[6] = {
      ...past[6]!,
      attendance: 'no_show',
      dispute: { status: 'open', reason: 'I was there', openedAt: daysAgo(6), resolvedAt: null, resolutionNote: null },
    };
    const cancelled = aHunterBooking({ id: 'gone', status: 'cancelled', startsAt: daysAgo(-3), totalAmount: 5000 });
    const summary = summariseHunterBookings([...past, cancelled], NOW);

    expect(summary.recent.map((booking) => booking.id)).toEqual([
      'past-0',
      'past-1',
      'past-2',
      'past-3',
      'past-4',
      'past-5',
      'past-6',
    ]);
    expect(summary.cancelled.map((booking) => booking.id)).toEqual(['gone']);
    // A cancelled booking earns nothing and is not counted.
    expect(summary.totalBookings).toBe(7);
    expect(summary.upcoming).toEqual([]);
  });

  it('drops an older settled session from the recent list beyond the five latest', () => {
    const past = Array.from({ length: 6 }, (_, index) =>
      aHunterBooking({ id: `past-${index}`, status: 'completed', startsAt: daysAgo(index + 1), attendance: 'held' }),
    );
    expect(summariseHunterBookings(past, NOW).recent).toHaveLength(5);
  });
});
