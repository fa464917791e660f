import { DEFAULT_SESSION_TYPES, VETTING_MESSAGES, type AdminHunter, type Hunter, type OwnHunter } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { FEATURE_NOT_APPROVED } from '../src/vetting/vetting.service.js';
import { useHuntersHarness } from './hunters-harness.js';
import { approveHunter, TEST_ADMIN } from './vetting-helpers.js';

/**
 * Featuring (issue 22): an admin shows an approved hunter first in 'Our top picks' (`POST
 * /api/admin/hunters/{id}/feature`), or stops; announced as every change of a profile is.
 */
describe('hunters: featuring', () => {
  const harness = useHuntersHarness('hunters_featuring_it');
  const { send } = harness;

  /** A new profile, pending until an admin decides. */
  const createProfile = (userId: string, name: string) =>
    harness.createHunter(
      userId,
      { name, location: 'Italy', specialties: ['Luxury Fashion'], adviceTypes: ['Personal Shopping'], languages: ['Italian'], yearsExperience: 9 },
      { approved: false },
    );

  const feature = (id: number, featured: unknown, as: 'admin' | string | null = 'admin') =>
    send<AdminHunter & { message?: string; errors?: Record<string, string> }>('POST', `/api/admin/hunters/${id}/feature`, as, { featured });
  const topPicks = async () => ((await send<Hunter[]>('GET', '/api/hunters?sort=rating', null)).body).map((h) => h.name);
  const updates = async (hunterId: number) =>
    (await harness.db.query(`select 1 from outbox where type = 'hunters.hunter.updated' and (data->>'hunterId')::int = $1`, [hunterId])).rowCount;

  it("puts an approved hunter first in 'Our top picks', ahead of better-rated ones, and takes them out again", async () => {
    const rated = await createProfile('feat-rated', 'Rita Rated');
    const plain = await createProfile('feat-plain', 'Paolo Plain');
    for (const { id } of [rated, plain]) await approveHunter(harness.base, id);
    // Rita has reviews (as reviews' events would set them); Paolo has none.
    await harness.db.query('update hunters set rating = 5, review_count = 20, rating_sum = 100 where id = $1', [rated.id]);
    expect(await topPicks()).toEqual(['Rita Rated', 'Paolo Plain']);
    const updatesBefore = await updates(plain.id);

    const featured = await feature(plain.id, true);
    expect(featured.status).toBe(200);
    expect(featured.body).toMatchObject({ id: plain.id, featured: true, status: 'approved', userId: 'feat-plain' });
    expect(featured.body.decisions.map((d) => d.decision)).toEqual(['approve']);
    expect(await topPicks()).toEqual(['Paolo Plain', 'Rita Rated']);
    expect((await send<Hunter>('GET', `/api/hunters/${plain.id}`, null)).body.featured).toBe(true);
    expect(await updates(plain.id)).toBe(updatesBefore! + 1);

    const unfeatured = await feature(plain.id, false);
    expect(unfeatured.status).toBe(200);
    expect(unfeatured.body.featured).toBe(false);
    expect(await topPicks()).toEqual(['Rita Rated', 'Paolo Plain']);
    expect(await updates(plain.id)).toBe(updatesBefore! + 2);
  });

  it('features only approved hunters (409), but may stop featuring one in any status', async () => {
    const pending = await createProfile('feat-pending', 'Pia Pending');
    const refused = await feature(pending.id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(FEATURE_NOT_APPROVED);
    expect((await send<AdminHunter>('GET', `/api/admin/hunters/${pending.id}`, 'admin')).body.featured).toBe(false);

    // A featured hunter later suspended can still be unfeatured (and is out of the listing meanwhile).
    const star = await createProfile('feat-star', 'Sara Suspended');
    await approveHunter(harness.base, star.id);
    expect((await feature(star.id, true)).status).toBe(200);
    expect((await send('POST', `/api/admin/hunters/${star.id}/suspend`, 'admin', { reason: 'Checking a complaint' })).status).toBe(200);
    expect(await topPicks()).not.toContain('Sara Suspended');
    expect((await feature(star.id, true)).status).toBe(409);
    const stopped = await feature(star.id, false);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ featured: false, status: 'suspended' });
  });

  it('is for admins only, on a hunter that exists, not their own, with featured true or false', async () => {
    const { id } = await createProfile('feat-target', 'Tina Target');
    await approveHunter(harness.base, id);
    expect((await feature(id, true, null)).status).toBe(401);
    expect((await feature(id, true, 'feat-target')).status).toBe(403);
    expect((await feature(id, true, 'feat-someone')).status).toBe(403);
    expect((await feature(999_999, true)).status).toBe(404);
    for (const body of [{}, { featured: 'yes' }, { featured: null }]) {
      const bad = await send<{ errors: Record<string, string> }>('POST', `/api/admin/hunters/${id}/feature`, 'admin', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['featured']);
    }
    const extra = await send<{ errors: Record<string, string> }>('POST', `/api/admin/hunters/${id}/feature`, 'admin', { featured: true, rank: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ rank: 'property rank should not exist' });
    expect((await send<Hunter>('GET', `/api/hunters/${id}`, null)).body.featured).toBe(false);

    // An admin who is also a hunter cannot feature their own profile.
    const own = await send<OwnHunter>('POST', '/api/hunters', 'admin', {
      name: 'Admin Hunter',
      location: 'UK',
      specialties: ['Footwear'],
      adviceTypes: ['Wardrobe Audit'],
      languages: ['English'],
      yearsExperience: 3,
      sessionTypes: DEFAULT_SESSION_TYPES,
    });
    expect(own.body.userId).toBe(TEST_ADMIN.id);
    await harness.db.query(`update hunters set status = 'approved' where id = $1`, [own.body.id]);
    const ownFeature = await feature(own.body.id, true);
    expect(ownFeature.status).toBe(403);
    expect(ownFeature.body.message).toBe(VETTING_MESSAGES.ownProfile);
  });
});
