import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SESSION_TYPES,
  HUNTER_RANKING_PRIOR,
  VETTING_MESSAGES,
  type AdminHunter,
  type EventPayload,
  type Hunter,
  type IntegrationEvent,
  type OwnHunter,
  type SitemapEntry,
} from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AddHunterVetting1764892800000 } from '../src/database/migrations/1764892800000-add-hunter-vetting.js';
import { RatingsFromReviews1795824060000 } from '../src/database/migrations/1795824060000-ratings-from-reviews.js';
import { DropOldPriceIndexes1798000150001 } from '../src/database/migrations/1798000150001-drop-old-price-indexes.js';
import { useHuntersHarness } from './hunters-harness.js';
import { adminHeaders, approveHunter, TEST_ADMIN } from './vetting-helpers.js';

const SCHEMA = 'hunters_vetting_it';

/** The own profile's fields an admin's hunter has too (the admin's carries the pending revision instead). */
const withoutOwnHistory = ({ revision: _revision, decisions: _decisions, ...hunter }: OwnHunter) => hunter;

/**
 * Vetting (issue 21): a new profile is pending and hidden until the concierge team approves it; each decision is
 * recorded and announced with the row; a rejected profile's edit goes back to the queue. Also 'Our top picks' by the
 * damped average, and the payout account's state copied from bookings.
 */
describe('hunters: vetting', () => {
  const harness = useHuntersHarness(SCHEMA);
  let n = 0;
  const nextMember = () => `vet-member-${++n}`;

  const send = harness.send;

  /** A new profile, pending until an admin decides. */
  const createProfile = (userId: string, name: string) =>
    harness.createHunter(
      userId,
      { name, bio: `${name} finds rare handbags.`, location: 'France', specialties: ['Designer Handbags'], adviceTypes: ['Personal Shopping'], languages: ['French'], yearsExperience: 5 },
      { approved: false },
    );

  const decide = (id: number, decision: string, body: unknown = {}, as: string = 'admin') =>
    send<AdminHunter & { message?: string; errors?: Record<string, string> }>('POST', `/api/admin/hunters/${id}/${decision}`, as, body);

  async function outbox<T = Record<string, unknown>>(type: string, hunterId: number): Promise<T[]> {
    const { rows } = await harness.db.query<{ data: T }>(
      `select data from outbox where type = $1 and (data->>'hunterId')::int = $2 order by seq`,
      [type, hunterId],
    );
    return rows.map((row) => row.data);
  }

  const listedIds = async (query = '') =>
    ((await (await fetch(`${harness.base}/api/hunters?limit=100${query}`)).json()) as Hunter[]).map((h) => h.id);

  it("keeps a new member's profile pending and out of the listing, search, its page and the sitemap until approved", async () => {
    const owner = nextMember();
    const created = await createProfile(owner, 'Pendleton Quayle');
    expect(created).toMatchObject({ status: 'pending', statusReason: null, verified: false, takesPaidBookings: false, rating: null });
    expect(created).not.toHaveProperty('submittedAt');
    expect((await send('GET', '/api/hunter-profile', owner)).body).toEqual(created);

    expect(await listedIds()).not.toContain(created.id);
    expect(await listedIds('&search=pendleton')).toEqual([]);
    const page = await send('GET', `/api/hunters/${created.id}`, null);
    expect(page.status).toBe(404);
    expect(page.body.message).toBe('Hunter not found');
    const sitemap = async () => (await send<SitemapEntry[]>('GET', '/internal/sitemap/entries?after=0&limit=5000', null)).body.map((e) => e.id);
    expect(await sitemap()).not.toContain(created.id);
    expect(await outbox('hunters.hunter.created', created.id)).toEqual([expect.objectContaining({ status: 'pending', userId: owner })]);

    // The queue shows it as a client would see it, with the owner and when it was submitted.
    const queue = await send<AdminHunter[]>('GET', '/api/admin/hunters?status=pending&search=pendleton', 'admin');
    expect(queue.status).toBe(200);
    expect(queue.headers.get('x-total-count')).toBe('1');
    expect(queue.body).toEqual([
      { ...withoutOwnHistory(created), submittedAt: expect.any(String), decisions: [], pendingRevision: null },
    ]);

    const approved = await decide(created.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: created.id, status: 'approved', statusReason: null, verified: true, userId: owner });
    expect(approved.body.decisions).toEqual([
      {
        id: expect.any(Number),
        decision: 'approve',
        revisionId: null,
        fromStatus: 'pending',
        toStatus: 'approved',
        reason: null,
        decidedBy: TEST_ADMIN.id,
        decidedAt: expect.any(String),
      },
    ]);
    expect(await listedIds()).toContain(created.id);
    expect(await listedIds('&search=pendleton')).toEqual([created.id]);
    const shown = await send<Hunter>('GET', `/api/hunters/${created.id}`, null);
    expect(shown.body).toMatchObject({ verified: true, takesPaidBookings: false, rating: null });
    expect(shown.body).not.toHaveProperty('status');
    expect(shown.body).not.toHaveProperty('userId');
    expect(await sitemap()).toContain(created.id);
    expect((await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body.status).toBe('approved');

    // hunters.hunter.updated carries the status, and hunters.hunter.vetted the decision, both with the row.
    expect(await outbox('hunters.hunter.updated', created.id)).toEqual([expect.objectContaining({ status: 'approved', userId: owner })]);
    expect(await outbox('hunters.hunter.vetted', created.id)).toEqual([
      {
        hunterId: created.id,
        userId: owner,
        name: 'Pendleton Quayle',
        decision: 'approve',
        revisionId: null,
        fromStatus: 'pending',
        status: 'approved',
        reason: null,
        decidedBy: TEST_ADMIN.id,
        decidedAt: approved.body.decisions[0]!.decidedAt,
      },
    ]);
  });

  it('rejects with a reason the hunter sees; editing sends the profile back to the queue as a resubmission', async () => {
    const owner = nextMember();
    const created = await createProfile(owner, 'Rejected Rhoda');
    const submittedBefore = (await send<AdminHunter>('GET', `/api/admin/hunters/${created.id}`, 'admin')).body.submittedAt;

    const noReason = await decide(created.id, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: VETTING_MESSAGES.reasonRequired });
    expect((await decide(created.id, 'reject', { reason: '   ' })).status).toBe(400);
    expect((await decide(created.id, 'reject', { reason: 'x'.repeat(1001) })).status).toBe(400);

    const rejected = await decide(created.id, 'reject', { reason: '  Add a photo of your work.  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', statusReason: 'Add a photo of your work.', verified: false });
    const own = (await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body;
    expect(own).toMatchObject({ status: 'rejected', statusReason: 'Add a photo of your work.' });
    expect(await listedIds()).not.toContain(created.id);

    const edited = await send<OwnHunter>('PATCH', `/api/hunters/${created.id}`, owner, { bio: 'Now with a portfolio.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', statusReason: null, bio: 'Now with a portfolio.' });
    const after = (await send<AdminHunter>('GET', `/api/admin/hunters/${created.id}`, 'admin')).body;
    expect(Date.parse(after.submittedAt)).toBeGreaterThan(Date.parse(submittedBefore));
    // Its decisions, newest first: the hunter's resubmission, then the rejection.
    expect(after.decisions.map((d) => [d.decision, d.fromStatus, d.toStatus, d.reason, d.decidedBy])).toEqual([
      ['resubmit', 'rejected', 'pending', null, owner],
      ['reject', 'pending', 'rejected', 'Add a photo of your work.', TEST_ADMIN.id],
    ]);
    expect((await outbox<{ decision: string; status: string }>('hunters.hunter.vetted', created.id)).map((e) => [e.decision, e.status])).toEqual([
      ['reject', 'rejected'],
      ['resubmit', 'pending'],
    ]);
    expect((await outbox<{ status: string }>('hunters.hunter.updated', created.id)).map((e) => e.status)).toEqual(['rejected', 'pending']);

    // A pending profile's edit keeps it pending and records nothing more; it can be approved from there.
    expect((await send<OwnHunter>('PATCH', `/api/hunters/${created.id}`, owner, { bio: 'Again.' })).body.status).toBe('pending');
    expect((await send<AdminHunter>('GET', `/api/admin/hunters/${created.id}`, 'admin')).body.decisions).toHaveLength(2);
    // A rejected profile may be approved directly as well.
    await decide(created.id, 'reject', { reason: 'Still no photo.' });
    expect((await decide(created.id, 'approve', { reason: 'Photo seen by email.' })).body).toMatchObject({
      status: 'approved',
      statusReason: null,
    });
  });

  it('suspends with a reason and reinstates; a suspended hunter may edit and stays suspended', async () => {
    const owner = nextMember();
    const { id } = await createProfile(owner, 'Suspended Sven');
    await approveHunter(harness.base, id);
    expect((await decide(id, 'suspend', {})).status).toBe(400);
    const suspended = await decide(id, 'suspend', { reason: 'Complaints from two clients.' });
    expect(suspended.body).toMatchObject({ status: 'suspended', statusReason: 'Complaints from two clients.', verified: false });
    expect(await listedIds()).not.toContain(id);
    expect((await send('GET', `/api/hunters/${id}`, null)).status).toBe(404);

    // A suspended profile was public and would be again: its rename waits for review too (decision 0089).
    const edited = await send<OwnHunter>('PATCH', `/api/hunters/${id}`, owner, { name: 'Sven S.' });
    expect(edited.body).toMatchObject({ status: 'suspended', statusReason: 'Complaints from two clients.', name: 'Suspended Sven' });
    expect(edited.body.revision).toMatchObject({ status: 'pending', changes: { name: 'Sven S.' } });

    const reinstated = await decide(id, 'reinstate');
    expect(reinstated.status).toBe(200);
    expect(reinstated.body).toMatchObject({ status: 'approved', statusReason: null, verified: true });
    expect(await listedIds()).toContain(id);
    expect(reinstated.body).toMatchObject({ name: 'Suspended Sven', pendingRevision: { changes: { name: 'Sven S.' } } });
    expect(reinstated.body.decisions.map((d) => d.decision)).toEqual(['reinstate', 'revise', 'suspend', 'approve']);
    expect((await outbox<{ decision: string; status: string; reason: string | null }>('hunters.hunter.vetted', id)).map((e) => [e.decision, e.status, e.reason])).toEqual([
      ['approve', 'approved', null],
      ['suspend', 'suspended', 'Complaints from two clients.'],
      ['reinstate', 'approved', null],
    ]);
  });

  it('answers 409 to a decision its status does not allow, changing nothing', async () => {
    const { id } = await createProfile(nextMember(), 'Wrongstate Wanda');
    for (const decision of ['suspend', 'reinstate']) {
      const refused = await decide(id, decision, { reason: 'Because.' });
      expect(refused.status, decision).toBe(409);
      expect(refused.body.message).toBe(VETTING_MESSAGES.wrongStatus);
    }
    await approveHunter(harness.base, id);
    for (const decision of ['approve', 'reject', 'reinstate']) {
      expect((await decide(id, decision, { reason: 'Because.' })).status, decision).toBe(409);
    }
    const hunter = (await send<AdminHunter>('GET', `/api/admin/hunters/${id}`, 'admin')).body;
    expect(hunter.status).toBe('approved');
    expect(hunter.decisions).toHaveLength(1);
    // A refused decision rolled back whole: nothing announced but the one approval.
    expect(await outbox('hunters.hunter.vetted', id)).toHaveLength(1);
    expect(await outbox('hunters.hunter.updated', id)).toHaveLength(1);
    expect((await decide(999_999, 'approve')).status).toBe(404);
    expect((await send('GET', '/api/admin/hunters/999999', 'admin')).status).toBe(404);
  });

  it('takes one of two racing decisions on the same hunter: the row lock makes the second see the first', async () => {
    const { id } = await createProfile(nextMember(), 'Racing Rafa');
    const answers = await Promise.all([decide(id, 'approve'), decide(id, 'reject', { reason: 'Too late?' })]);
    const statuses = answers.map((a) => a.status).sort();
    // Whichever locks first wins; approve-then-reject is a 409 (reject is taken from pending only), reject-then-approve
    // is allowed (approve is taken from rejected too).
    expect([[200, 409], [200, 200]]).toContainEqual(statuses);
    const hunter = (await send<AdminHunter>('GET', `/api/admin/hunters/${id}`, 'admin')).body;
    expect(hunter.decisions).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(hunter.decisions[0]!.toStatus).toBe(hunter.status);
    const twice = await Promise.all(Array.from({ length: 4 }, () => decide(id, 'suspend', { reason: 'Twice?' })));
    expect(twice.map((a) => a.status).sort()).toEqual(hunter.status === 'approved' ? [200, 409, 409, 409] : [409, 409, 409, 409]);
  });

  it("answers 403 to an admin deciding on their own profile", async () => {
    const adminWithProfile = { ...TEST_ADMIN, id: 'vet-admin-hunter', email: 'vet-admin-hunter@hunted.test' };
    const headers = await adminHeaders(adminWithProfile);
    const created = await fetch(`${harness.base}/api/hunters`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Self Approver',
        location: 'UK',
        specialties: ['Footwear'],
        adviceTypes: ['Wardrobe Audit'],
        languages: ['English'],
        yearsExperience: 2,
        sessionTypes: DEFAULT_SESSION_TYPES,
      }),
    });
    const { id } = (await created.json()) as OwnHunter;
    const own = await fetch(`${harness.base}/api/admin/hunters/${id}/approve`, { method: 'POST', headers, body: '{}' });
    expect(own.status).toBe(403);
    expect(((await own.json()) as { message: string }).message).toBe(VETTING_MESSAGES.ownProfile);
    expect((await send<AdminHunter>('GET', `/api/admin/hunters/${id}`, 'admin')).body).toMatchObject({ status: 'pending', decisions: [] });
    // Another admin may.
    expect((await decide(id, 'approve')).status).toBe(200);
  });

  it('lets only admins in: a guest gets 401, a member 403', async () => {
    const { id } = await createProfile(nextMember(), 'Guarded Gail');
    const routes: [string, string][] = [
      ['GET', '/api/admin/hunters'],
      ['GET', `/api/admin/hunters/${id}`],
      ['POST', `/api/admin/hunters/${id}/approve`],
      ['POST', `/api/admin/hunters/${id}/reject`],
      ['POST', `/api/admin/hunters/${id}/suspend`],
      ['POST', `/api/admin/hunters/${id}/reinstate`],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { reason: 'x' } : undefined;
      expect((await send(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await send(method, path, nextMember(), body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await send<AdminHunter>('GET', `/api/admin/hunters/${id}`, 'admin')).body.status).toBe('pending');
  });

  it('lists the queue oldest first and every other list newest first, searched and paged with the total', async () => {
    const names = ['Queue Alpha', 'Queue Bravo', 'Queue Charlie'];
    const ids: number[] = [];
    for (const name of names) ids.push((await createProfile(nextMember(), name)).id);
    // Submitted a minute apart, oldest first.
    for (const [i, id] of ids.entries()) {
      await harness.db.query(`update hunters set submitted_at = now() - make_interval(mins => $2) where id = $1`, [id, 10 - i]);
    }
    const queue = await send<AdminHunter[]>('GET', '/api/admin/hunters?status=pending&search=queue', 'admin');
    expect(queue.body.map((h) => h.id)).toEqual(ids);
    expect(queue.headers.get('x-total-count')).toBe('3');
    const paged = await send<AdminHunter[]>('GET', '/api/admin/hunters?status=pending&search=queue&limit=1&offset=1', 'admin');
    expect(paged.body.map((h) => h.id)).toEqual([ids[1]]);
    expect(paged.headers.get('x-total-count')).toBe('3');

    const all = await send<AdminHunter[]>('GET', '/api/admin/hunters?search=queue', 'admin');
    expect(all.body.map((h) => h.id)).toEqual([...ids].reverse());
    const everyStatus = await send<AdminHunter[]>('GET', '/api/admin/hunters?status=all&search=queue', 'admin');
    expect(everyStatus.body.map((h) => h.id)).toEqual([...ids].reverse());
    // The bio is searched as the listing searches it.
    expect((await send<AdminHunter[]>('GET', '/api/admin/hunters?search=charlie%20handbags', 'admin')).body.map((h) => h.id)).toEqual([ids[2]]);
    expect((await send<AdminHunter[]>('GET', '/api/admin/hunters?status=approved&search=queue', 'admin')).body).toEqual([]);
    const bad = await send<{ errors: Record<string, string> }>('GET', '/api/admin/hunters?status=asleep&limit=0', 'admin');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['limit', 'status']);
  });

  it("copies the payout account's payoutsEnabled into takesPaidBookings, ignoring an older event that arrives late", async () => {
    const owner = nextMember();
    const { id } = await createProfile(owner, 'Payout Petra');
    await approveHunter(harness.base, id);
    const apply = (payoutsEnabled: boolean, occurredAt: Date) =>
      harness.app.get(EventConsumer).apply({
        id: randomUUID(),
        type: 'bookings.payout-account.updated',
        version: 1,
        occurredAt: occurredAt.toISOString(),
        data: { hunterId: id, hunterUserId: owner, chargesEnabled: payoutsEnabled, payoutsEnabled } satisfies EventPayload<'bookings.payout-account.updated'>,
      } as IntegrationEvent<'bookings.payout-account.updated'>);
    const takes = async () => (await send<Hunter>('GET', `/api/hunters/${id}`, null)).body.takesPaidBookings;
    const updatesBefore = (await outbox('hunters.hunter.updated', id)).length;

    const now = Date.now();
    expect(await apply(true, new Date(now))).toBe(true);
    expect(await takes()).toBe(true);
    // An older event (payouts still off then) arrives after the newer one: it changes nothing.
    expect(await apply(false, new Date(now - 60_000))).toBe(true);
    expect(await takes()).toBe(true);
    expect((await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body.takesPaidBookings).toBe(true);
    // A newer one that disables payouts does.
    expect(await apply(false, new Date(now + 1_000))).toBe(true);
    expect(await takes()).toBe(false);
    // A hunter unknown here is skipped without holding up the stream.
    const unknown = await harness.app.get(EventConsumer).apply({
      id: randomUUID(),
      type: 'bookings.payout-account.updated',
      version: 1,
      occurredAt: new Date().toISOString(),
      data: { hunterId: 999_999, hunterUserId: null, chargesEnabled: true, payoutsEnabled: true },
    } as IntegrationEvent<'bookings.payout-account.updated'>);
    expect(unknown).toBe(true);
    expect((await outbox('hunters.hunter.updated', id)).length).toBe(updatesBefore);
  });

  describe('the migration', () => {
    it('approves the hunters it finds (all were listed), their queue time their creation; new ones start pending', async () => {
      const { id } = await createProfile(nextMember(), 'Migrated Mia');
      await harness.db.query(`update hunters set created_at = '2026-01-02T03:04:05Z' where id = $1`, [id]);
      const runner = harness.app.get(DataSource).createQueryRunner();
      try {
        // The later migrations that rebuild the ranking on the vetting's columns and drop the old price indexes
        // (decision 0105) are undone first and redone last.
        await new DropOldPriceIndexes1798000150001().down(runner);
        await new RatingsFromReviews1795824060000().down(runner);
        await new AddHunterVetting1764892800000().down(runner);
        await new AddHunterVetting1764892800000().up(runner);
        await new RatingsFromReviews1795824060000().up(runner);
        await new DropOldPriceIndexes1798000150001().up(runner);
      } finally {
        await runner.release();
      }
      const { rows } = await harness.db.query<{ status: string; submitted: string; reason: string | null }>(
        `select status, submitted_at = created_at as submitted, status_reason as reason from hunters where id = $1`,
        [id],
      );
      expect(rows).toEqual([{ status: 'approved', submitted: true, reason: null }]);
      const fresh = await createProfile(nextMember(), 'After Migration');
      expect(fresh.status).toBe('pending');
    });
  });

  describe("'Our top picks'", () => {
    beforeAll(async () => {
      await harness.db.query('delete from hunters');
    });

    it('ranks featured first, then reviewed hunters by the damped average, then those without reviews', async () => {
      // [name, featured, rating, reviews, sessions, status]
      const rows: [string, boolean, number, number, number, string][] = [
        ['New featured', true, 5, 0, 0, 'approved'],
        ['Three fives', false, 5, 3, 0, 'approved'],
        ['Three fives, busier', false, 5, 3, 50, 'approved'],
        ['Forty 4.8s', false, 4.8, 40, 60, 'approved'],
        ['Ten 4.5s', false, 4.5, 10, 12, 'approved'],
        ['One three', false, 3, 1, 1, 'approved'],
        ['New, some sessions', false, 5, 0, 10, 'approved'],
        ['New', false, 5, 0, 0, 'approved'],
        ['Pending star', false, 5, 100, 200, 'pending'],
      ];
      const ids = new Map<string, number>();
      for (const [name, featured, rating, reviews, sessions, status] of rows) {
        const { rows: inserted } = await harness.db.query<{ id: number }>(
          `insert into hunters (name, location, featured, rating, review_count, rating_sum, total_sessions, status, session_types, time_zone)
           values ($1, 'UK', $2, $3::numeric, $4::int, round($3::numeric * $4::int), $5, $6, $7::jsonb, 'Europe/London') returning id`,
          [name, featured, rating, reviews, sessions, status, JSON.stringify(DEFAULT_SESSION_TYPES)],
        );
        ids.set(name, inserted[0]!.id);
      }
      const listed = (await (await fetch(`${harness.base}/api/hunters`)).json()) as Hunter[];
      // Three 5s damp to (4.0 × 5 + 15) / 8 = 4.375, below forty 4.8s at (20 + 192) / 45 ≈ 4.71.
      expect(listed.map((h) => h.name)).toEqual([
        'New featured',
        'Forty 4.8s',
        'Three fives, busier',
        'Three fives',
        'Ten 4.5s',
        'One three',
        'New, some sessions',
        'New',
      ]);
      const damped = (h: Hunter) => (HUNTER_RANKING_PRIOR.mean * HUNTER_RANKING_PRIOR.weight + h.rating! * h.reviewCount) / (HUNTER_RANKING_PRIOR.weight + h.reviewCount);
      const reviewed = listed.filter((h) => h.reviewCount > 0);
      expect(reviewed.map(damped)).toEqual([...reviewed.map(damped)].sort((a, b) => b - a));
      // No reviews: no rating ('New'), never the column's default 5.
      expect(listed.filter((h) => h.reviewCount === 0).map((h) => h.rating)).toEqual([null, null, null]);
      expect(listed.find((h) => h.name === 'Forty 4.8s')!.rating).toBe(4.8);
      const { rows: stored } = await harness.db.query<{ score: string }>('select top_pick_score::text as score from hunters where id = $1', [ids.get('Three fives')]);
      // The column's constants are the contract's prior (a change of HUNTER_RANKING_PRIOR needs a migration).
      expect(Number(stored[0]!.score)).toBe(damped(listed.find((h) => h.name === 'Three fives')!));
      expect(Number(stored[0]!.score)).toBe(4.375);
    });
  });
});
