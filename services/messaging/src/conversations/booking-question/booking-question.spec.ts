import { describe, expect, it } from 'vitest';
import { bookingQuestionText } from './booking-question.js';

describe('bookingQuestionText', () => {
  const booking = { sessionType: 'askQuestion' as const, startsAt: '2026-03-30T08:00:00.000Z', photoUrls: [] };

  it('says which session the question is for, on the London clock, then the question as written', () => {
    expect(bookingQuestionText({ ...booking, notes: '  Is this 1950s lamp worth restoring?\nIt has a crack.  ' }, 'Europe/London')).toBe(
      'Question for my Ask Me a Question on Monday, 30 March 2026 at 09:00 BST:\nIs this 1950s lamp worth restoring?\nIt has a crack.',
    );
  });

  it('is a short line when the client sent only photos', () => {
    expect(
      bookingQuestionText(
        { ...booking, sessionType: 'whatsappVideo', notes: null, photoUrls: ['/api/media/booking-photos/p1'] },
        'Europe/London',
      ),
    ).toBe('Photos for my WhatsApp Video Call on Monday, 30 March 2026 at 09:00 BST');
  });

  it("says the time on the clock of the hunter who reads it: Athens' for a hunter there", () => {
    expect(bookingQuestionText({ ...booking, notes: 'Hello' }, 'Europe/Athens')).toBe(
      'Question for my Ask Me a Question on Monday, 30 March 2026 at 11:00 EEST:\nHello',
    );
  });
});
