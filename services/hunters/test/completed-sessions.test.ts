import type { Hunter, IntegrationEvent } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { useHuntersHarness } from './hunters-harness.js';

/**
 * bookings.booking.completed, sent by bookings' publishing side as it runs (outbox, relay, Redis stream), counts
 * the session in the hunter's totalSessions: once per booking, whatever arrives again.
 */
describe('hunters: completed sessions', () => {
  const harness = useHuntersHarness('hunters_sessions_it', { publishers: ['bookings'] });
  const { applied } = harness;

  const createHunter = (userId: string) => harness.createHunter(userId, { name: 'Session Counter' });
  const hunter = async (id: number) => (await harness.send<Hunter>('GET', `/api/hunters/${id}`, null)).body;
  const completed = (bookingId: string, hunterId: number): Promise<IntegrationEvent> =>
    harness.bookingEvent('bookings.booking.completed', { bookingId, hunterId, clientUserId: 'u-client' });

  it('counts each completed booking once in the hunter’s totalSessions, and no other hunter’s', async () => {
    const [ada, bea] = [await createHunter('u-ada'), await createHunter('u-bea')];
    expect([ada.totalSessions, bea.totalSessions]).toEqual([0, 0]);
    const updatesBefore = await harness.db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`);

    const bookingIds = ['0d8f6a2e-1111-4c1e-9d7e-000000000001', '0d8f6a2e-1111-4c1e-9d7e-000000000002', '0d8f6a2e-1111-4c1e-9d7e-000000000003'];
    const events = [
      await completed(bookingIds[0]!, ada.id),
      await completed(bookingIds[1]!, ada.id),
      await completed(bookingIds[2]!, bea.id),
      // The same booking's completion again under another event id (the inbox alone would count it twice).
      await completed(bookingIds[0]!, ada.id),
      // A hunter that does not exist here counts nothing and does not hold up the stream.
      await completed('0d8f6a2e-1111-4c1e-9d7e-000000000004', 999_999),
    ];
    await applied(events);

    expect((await hunter(ada.id)).totalSessions).toBe(2);
    expect((await hunter(bea.id)).totalSessions).toBe(1);
    const { rows } = await harness.db.query<{ booking_id: string; hunter_id: number }>(
      'select booking_id, hunter_id from hunter_completed_sessions order by booking_id',
    );
    expect(rows).toEqual([
      { booking_id: bookingIds[0], hunter_id: ada.id },
      { booking_id: bookingIds[1], hunter_id: ada.id },
      { booking_id: bookingIds[2], hunter_id: bea.id },
    ]);
    // Nothing other services copy changed, so nothing is announced.
    expect((await harness.db.query(`select 1 from outbox where type = 'hunters.hunter.updated'`)).rowCount).toBe(updatesBefore.rowCount);

    // The listing sorted by sessions reads the new counts.
    const listed = (await (await fetch(`${harness.base}/api/hunters?sort=sessions`)).json()) as Hunter[];
    expect(listed.map((h) => [h.id, h.totalSessions])).toEqual([
      [ada.id, 2],
      [bea.id, 1],
    ]);
  });
});
