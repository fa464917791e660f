import type { SessionTypeKey } from '@hunted/contracts';

/** Every query key of the bookings feature, built only here. */
export const bookingKeys = {
  all: ['bookings'] as const,
  slotsAll: (hunterId: number) => [...bookingKeys.all, 'slots', hunterId] as const,
  slots: (hunterId: number, sessionType: SessionTypeKey, from: string, to: string) =>
    [...bookingKeys.slotsAll(hunterId), sessionType, from, to] as const,
  paymentConfig: () => [...bookingKeys.all, 'payment-config'] as const,
  mine: () => [...bookingKeys.all, 'mine'] as const,
  /** One of the member's bookings (`GET /api/bookings/{id}`). */
  detail: (bookingId: string) => [...bookingKeys.all, 'detail', bookingId] as const,
  hunterBookings: () => [...bookingKeys.all, 'hunter-bookings'] as const,
  /** The signed-in hunter's payout account (Stripe Connect, or the simulated one). */
  payoutAccount: () => [...bookingKeys.all, 'payout-account'] as const,
  earningsAll: () => [...bookingKeys.all, 'earnings'] as const,
  earnings: (taxYear: number) => [...bookingKeys.earningsAll(), taxYear] as const,
  /** The member's own style passport (what a booking could share) and what a booking's client shared. */
  ownPassport: () => [...bookingKeys.all, 'style-passport'] as const,
  sharedPassport: (bookingId: string) => [...bookingKeys.all, 'style-passport', 'shared', bookingId] as const,
};
