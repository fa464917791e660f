import { platformMetricsProblems } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { alternatingClient } from './support/alternating-client.js';
import { dayAhead, holdBody, paymentBody, seedHunter, startBookings } from './support/bookings-fixture.js';

const SCHEMA = 'bookings_metrics_it';
const HUNTER_ID = 7;

describe('bookings: metrics', () => {
  it('serves the platform metrics on its ops port, and counts the bookings by transition and payments by outcome once committed', async () => {
    const running = await startBookings(SCHEMA, { env: { OPS_PORT: '0' } });
    try {
      const [app] = running.apps;
      expect(await platformMetricsProblems(app!, 'bookings', ['events_consumer_lag', 'jobs_queue_jobs'])).toEqual([]);

      await seedHunter(running.db, SCHEMA, { id: HUNTER_ID, userId: 'u-hunter', hours: ['10:00'] });
      const call = alternatingClient(() => [app!.base]);
      const held = await call(
        'u-client',
        'POST',
        '/api/create-payment-intent',
        holdBody(HUNTER_ID, dayAhead(3), '10:00'),
      );
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      const bookingId = held.body.bookingId as string;
      // Another member's hold of the same time is refused: its rolled-back transaction counts nothing.
      expect(
        (await call('u-rival', 'POST', '/api/create-payment-intent', holdBody(HUNTER_ID, dayAhead(3), '10:00'))).status,
      ).toBe(409);
      expect((await call('u-client', 'POST', '/api/bookings', paymentBody(HUNTER_ID, bookingId))).status).toBe(201);

      const text = await (await fetch(`${app!.opsBase}/metrics`)).text();
      expect(text).toContain('bookings_transitions_total{transition="held",app="bookings"} 1');
      expect(text).toContain('bookings_transitions_total{transition="confirmed",app="bookings"} 1');
      expect(text).toContain('bookings_payment_outcomes_total{outcome="confirmed",app="bookings"} 1');
    } finally {
      await running.close();
    }
  });
});
