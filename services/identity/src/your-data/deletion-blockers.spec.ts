import { DELETION_BLOCKERS } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { blockerView } from './deletion-blockers.js';

describe('deletion blockers as the member reads them', () => {
  it('says one upcoming booking in the singular and several in the plural', () => {
    expect(blockerView({ code: 'upcoming-booking', count: 1 }).message).toBe(
      'You have 1 upcoming booking. Cancel it or wait until it has taken place, then try again.',
    );
    expect(blockerView({ code: 'upcoming-booking', count: 3 }).message).toBe(
      'You have 3 upcoming bookings. Cancel them or wait until they have taken place, then try again.',
    );
  });

  it.each(DELETION_BLOCKERS)('has a sentence for %s, with its count, ending in what to do', (code) => {
    for (const count of [1, 2]) {
      const view = blockerView({ code, count });
      expect(view).toMatchObject({ code, count });
      expect(view.message).toMatch(/try again\.$/);
    }
    expect(blockerView({ code, count: 2 }).message).not.toBe(blockerView({ code, count: 1 }).message);
  });
});
