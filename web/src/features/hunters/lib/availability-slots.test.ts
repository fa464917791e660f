import { AVAILABILITY_SLOTS } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { dateRecord, hoursSummary, slotState, slotsForDay, toggleSlot } from './availability-slots';

describe('the slot rules', () => {
  it('switching a day on offers all 12 hours; off clears them', () => {
    expect(slotsForDay(true)).toEqual([...AVAILABILITY_SLOTS]);
    expect(slotsForDay(true)).toHaveLength(12);
    expect(slotsForDay(false)).toEqual([]);
  });

  it('toggles one slot, keeping the day’s order', () => {
    expect(toggleSlot(['09:00', '10:00', '11:00'], '10:00')).toEqual(['09:00', '11:00']);
    expect(toggleSlot(['09:00', '11:00'], '10:00')).toEqual(['09:00', '10:00', '11:00']);
    expect(toggleSlot(['20:00'], '09:00')).toEqual(['09:00', '20:00']);
  });

  it('a day is available exactly when it offers a slot', () => {
    expect(dateRecord('2026-11-24', ['14:00'])).toEqual({ date: '2026-11-24', timeSlots: ['14:00'], isAvailable: true });
    expect(dateRecord('2026-11-24', [])).toEqual({ date: '2026-11-24', timeSlots: [], isAvailable: false });
    expect(dateRecord('2026-11-24', toggleSlot(['14:00'], '14:00')).isAvailable).toBe(false);
  });

  it('colours a slot green when offered, red when not, grey on a day off', () => {
    expect(slotState(['09:00'], '09:00')).toBe('offered');
    expect(slotState(['09:00'], '10:00')).toBe('not-offered');
    expect(slotState([], '10:00')).toBe('day-off');
  });

  it('sums up the hours offered', () => {
    expect(hoursSummary([])).toBe('Day off');
    expect(hoursSummary(['09:00'])).toBe('1 hour · 09:00–10:00');
    expect(hoursSummary(slotsForDay(true))).toBe('12 hours · 09:00–21:00');
  });
});
