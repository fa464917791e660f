import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_CHOICE_KEY, intentIdOf, readBookingChoice, saveBookingChoice } from './booking-choice';

afterEach(() => sessionStorage.clear());

describe('intentIdOf', () => {
  it("reads the intent id from Stripe's and the simulated client secrets", () => {
    expect(intentIdOf('pi_3Abc123_secret_XyZ789')).toBe('pi_3Abc123');
    expect(intentIdOf('sim_0f3a9c2e_secret')).toBe('sim_0f3a9c2e');
    expect(intentIdOf('sim_abc123_secret_xyz')).toBe('sim_abc123');
  });
});

describe('the stored booking choice', () => {
  it('is read back for its hunter only, with the default duration when missing', () => {
    saveBookingChoice({
      hunterId: 7,
      sessionDate: '2026-12-01',
      sessionTime: '10:00',
      sessionType: 'whatsappVideo',
      duration: 60,
      price: 80,
    });
    expect(readBookingChoice(7)).toMatchObject({ sessionTime: '10:00', price: 80 });
    expect(readBookingChoice(8)).toBeNull();
    sessionStorage.setItem(
      BOOKING_CHOICE_KEY,
      JSON.stringify({
        hunterId: 7,
        sessionDate: '2026-12-01',
        sessionTime: '10:00',
        sessionType: 'askQuestion',
        price: 0,
      }),
    );
    expect(readBookingChoice(7)?.duration).toBe(60);
    sessionStorage.setItem(BOOKING_CHOICE_KEY, 'not json');
    expect(readBookingChoice(7)).toBeNull();
  });
});
