import { describe, expect, it } from 'vitest';
import { aHunterBooking } from '@/testing/data-generators';
import { bookedHoursByDate } from './booked-hours';

describe('bookedHoursByDate', () => {
  it('marks every hour a live session overlaps, per date, and nothing for ended or cancelled ones', () => {
    const hours = bookedHoursByDate([
      aHunterBooking({ sessionDate: '2026-12-01', sessionTime: '09:30', duration: 60, status: 'confirmed' }),
      aHunterBooking({ sessionDate: '2026-12-01', sessionTime: '14:00', duration: 30, status: 'pending_payment' }),
      aHunterBooking({ sessionDate: '2026-12-02', sessionTime: '10:00', duration: 90, status: 'cancelled' }),
      aHunterBooking({ sessionDate: '2026-12-03', sessionTime: '11:00', duration: 15, status: 'completed' }),
    ]);
    expect(Object.fromEntries(hours)).toEqual({ '2026-12-01': ['09:00', '10:00', '14:00'] });
  });
});
