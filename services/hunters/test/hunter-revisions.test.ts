import { DEFAULT_SESSION_TYPES, VETTING_MESSAGES, type AdminHunter, type EventPayload, type Hunter, type OwnHunter } from '@hunted/contracts';
import { testIdentityHeaders } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { PNG_UPLOAD, useHuntersHarness } from './hunters-harness.js';
import { member } from './member-requests.js';
import { TEST_ADMIN } from './vetting-helpers.js';

/**
 * Vetting covers every public change (issue 35, decision 0089): an approved hunter's change to the name, photo, bio,
 * Instagram link or specialties waits as a pending revision, and guests keep seeing the approved values until an
 * admin approves it from the queue; rejecting keeps them and tells the hunter why. Prices, hours and the rest apply at
 * once. Real PostgreSQL and Redis, through the service's HTTP routes.
 */
describe('hunters: revisions of approved profiles', () => {
  const harness = useHuntersHarness('hunters_revisions_it');
  let n = 0;
  const nextMember = () => `rev-member-${++n}`;

  const send = <T = Record<string, unknown>>(method: string, path: string, as: string | null, body?: unknown) =>
    harness.send<T & { message?: string; errors?: Record<string, string> }>(method, path, as, body);

  /** A profile the admin has approved: what guests see. */
  async function approvedProfile(name: string): Promise<{ owner: string; hunter: OwnHunter }> {
    const owner = nextMember();
    await harness.createHunter(owner, {
      name,
      bio: `${name} finds rare handbags.`,
      location: 'France',
      specialties: ['Designer Handbags'],
      adviceTypes: ['Personal Shopping'],
      languages: ['French'],
      yearsExperience: 5,
      instagramUrl: 'https://instagram.com/approved',
    });
    return { owner, hunter: (await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body };
  }

  const edit = (hunter: OwnHunter, owner: string, body: unknown) => send<OwnHunter>('PATCH', `/api/hunters/${hunter.id}`, owner, body);
  const publicPage = async (id: number) => (await send<Hunter>('GET', `/api/hunters/${id}`, null)).body;
  const decideRevision = (
    hunterId: number,
    revisionId: number,
    decision: 'approve' | 'reject',
    body: unknown = {},
    as: string | null = 'admin',
  ) =>
    send<AdminHunter>('POST', `/api/admin/hunters/${hunterId}/revisions/${revisionId}/${decision}`, as, body);

  async function outbox<T = Record<string, unknown>>(type: string, hunterId: number): Promise<T[]> {
    const { rows } = await harness.db.query<{ data: T }>(
      `select data from outbox where type = $1 and (data->>'hunterId')::int = $2 order by seq`,
      [type, hunterId],
    );
    return rows.map((row) => row.data);
  }

  const revisionRows = async (hunterId: number) =>
    (
      await harness.db.query<{ id: number; status: string; changes: Record<string, unknown> }>(
        'select id, status, changes from hunter_profile_revisions where hunter_id = $1 order by id',
        [hunterId],
      )
    ).rows;

  it('keeps a rename after approval pending: guests, the listing, search and the events keep the approved name', async () => {
    const { owner, hunter } = await approvedProfile('Ottoline Vance');
    const updatesBefore = (await outbox('hunters.hunter.updated', hunter.id)).length;

    const renamed = await edit(hunter, owner, { name: 'Sofia Marchetti' });
    expect(renamed.status).toBe(200);
    // The answer is the live profile, still approved and verified, with the change beside it.
    expect(renamed.body).toMatchObject({ name: 'Ottoline Vance', status: 'approved', verified: true });
    expect(renamed.body.revision).toMatchObject({
      status: 'pending',
      changes: { name: 'Sofia Marchetti' },
      live: { name: 'Ottoline Vance' },
      reason: null,
      decidedAt: null,
    });
    expect(renamed.body.decisions[0]).toMatchObject({ decision: 'revise', revisionId: renamed.body.revision!.id, decidedBy: owner });

    expect((await publicPage(hunter.id)).name).toBe('Ottoline Vance');
    const search = (await send<Hunter[]>('GET', '/api/hunters?search=marchetti', null)).body;
    expect(search.map((h) => h.id)).not.toContain(hunter.id);
    const listed = (await send<Hunter[]>('GET', '/api/hunters?search=ottoline', null)).body;
    expect(listed).toEqual([expect.objectContaining({ id: hunter.id, name: 'Ottoline Vance', verified: true })]);
    // Other services copy names from hunters.hunter.updated: none went out with the new name.
    expect((await outbox('hunters.hunter.updated', hunter.id)).length).toBe(updatesBefore);

    // The admin's queue of changes shows it, before and after.
    const queue = await send<AdminHunter[]>('GET', '/api/admin/hunters?revision=pending&search=ottoline', 'admin');
    expect(queue.status).toBe(200);
    expect(queue.body).toEqual([
      expect.objectContaining({
        id: hunter.id,
        name: 'Ottoline Vance',
        status: 'approved',
        pendingRevision: expect.objectContaining({ changes: { name: 'Sofia Marchetti' }, live: { name: 'Ottoline Vance' } }),
      }),
    ]);
  });

  it('applies the revision when an admin approves it, and publishes the update then', async () => {
    const { owner, hunter } = await approvedProfile('Perpetua Lisle');
    const { body: pending } = await edit(hunter, owner, { name: 'Perpetua Lisle-Ward', bio: 'Vintage Hermès, sourced in Paris.' });
    const revisionId = pending.revision!.id;

    const approved = await decideRevision(hunter.id, revisionId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ name: 'Perpetua Lisle-Ward', bio: 'Vintage Hermès, sourced in Paris.', status: 'approved', pendingRevision: null });
    expect(approved.body.decisions[0]).toMatchObject({ decision: 'approve-revision', revisionId, decidedBy: TEST_ADMIN.id, fromStatus: 'approved', toStatus: 'approved' });

    expect(await publicPage(hunter.id)).toMatchObject({ name: 'Perpetua Lisle-Ward', bio: 'Vintage Hermès, sourced in Paris.', verified: true });
    const updates = await outbox<EventPayload<'hunters.hunter.updated'>>('hunters.hunter.updated', hunter.id);
    expect(updates.at(-1)).toMatchObject({ name: 'Perpetua Lisle-Ward', status: 'approved' });
    const vetted = await outbox<EventPayload<'hunters.hunter.vetted'>>('hunters.hunter.vetted', hunter.id);
    expect(vetted.at(-1)).toMatchObject({ decision: 'approve-revision', revisionId, name: 'Perpetua Lisle-Ward', userId: owner });

    const own = (await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body;
    expect(own.revision).toMatchObject({ id: revisionId, status: 'approved' });
    expect(own.decisions.map((d) => d.decision).slice(0, 2)).toEqual(['approve-revision', 'revise']);

    // Decided once: a second decision is a 409, nothing changes.
    const again = await decideRevision(hunter.id, revisionId, 'reject', { reason: 'Too late' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(VETTING_MESSAGES.revisionNotPending);
  });

  it('keeps the approved values when an admin rejects the revision, and records the reason for the hunter', async () => {
    const { owner, hunter } = await approvedProfile('Quilla Marsh');
    const { body: pending } = await edit(hunter, owner, { name: 'Sofia Marchetti', profileImageUrl: PNG_UPLOAD, specialties: ['Fine Jewelry'] });
    const revision = pending.revision!;
    expect(revision.changes).toEqual({
      name: 'Sofia Marchetti',
      profileImageUrl: expect.stringMatching(/^\/api\/media\/hunter-photos\/[0-9a-f-]{36}$/),
      specialties: ['Fine Jewelry'],
    });
    expect(revision.live).toEqual({ name: 'Quilla Marsh', profileImageUrl: null, specialties: ['Designer Handbags'] });
    expect((await publicPage(hunter.id)).profileImageUrl).toBeNull();

    const noReason = await decideRevision(hunter.id, revision.id, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: VETTING_MESSAGES.reasonRequired });

    const reason = 'That name and portrait belong to another hunter.';
    const rejected = await decideRevision(hunter.id, revision.id, 'reject', { reason });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ name: 'Quilla Marsh', profileImageUrl: null, specialties: ['Designer Handbags'], pendingRevision: null });
    expect(await publicPage(hunter.id)).toMatchObject({ name: 'Quilla Marsh', profileImageUrl: null, specialties: ['Designer Handbags'] });

    const own = (await send<OwnHunter>('GET', '/api/hunter-profile', owner)).body;
    expect(own).toMatchObject({ name: 'Quilla Marsh', status: 'approved', verified: true });
    expect(own.revision).toMatchObject({ id: revision.id, status: 'rejected', reason });
    expect(own.decisions[0]).toMatchObject({ decision: 'reject-revision', revisionId: revision.id, reason });
    const vetted = await outbox<EventPayload<'hunters.hunter.vetted'>>('hunters.hunter.vetted', hunter.id);
    expect(vetted.at(-1)).toMatchObject({ decision: 'reject-revision', reason, name: 'Quilla Marsh' });
    // The refused upload is gone.
    const photo = await fetch(`${harness.base}${revision.changes.profileImageUrl}`);
    expect(photo.status).toBe(404);
  });

  it('records no revision for the values the approved profile already has', async () => {
    const { owner, hunter } = await approvedProfile('Rosalind Teague');
    const same = await edit(hunter, owner, {
      name: '  Rosalind Teague ',
      bio: hunter.bio,
      instagramUrl: hunter.instagramUrl,
      specialties: hunter.specialties,
      profileImageUrl: null,
    });
    expect(same.status).toBe(200);
    expect(same.body.revision).toBeNull();
    expect(await revisionRows(hunter.id)).toEqual([]);
    expect(same.body.decisions.map((d) => d.decision)).toEqual(['approve']);
  });

  it('applies prices, session types, availability and experience at once, with no revision', async () => {
    const { owner, hunter } = await approvedProfile('Sabine Orme');
    const sessionTypes = { ...DEFAULT_SESSION_TYPES, whatsappVoice: { enabled: true, price: 35, duration: 30 } };
    const edited = await edit(hunter, owner, { sessionTypes, availabilityStatus: 'Busy', yearsExperience: 9, languages: ['French', 'English'] });
    expect(edited.status).toBe(200);
    expect(edited.body.revision).toBeNull();
    expect(await publicPage(hunter.id)).toMatchObject({
      pricePerSession: 25,
      sessionTypes,
      availabilityStatus: 'Busy',
      yearsExperience: 9,
      languages: ['French', 'English'],
    });
    expect((await outbox<EventPayload<'hunters.hunter.updated'>>('hunters.hunter.updated', hunter.id)).at(-1)).toMatchObject({
      sessionTypes,
      availabilityStatus: 'Busy',
    });
    expect(await revisionRows(hunter.id)).toEqual([]);

    // In one edit with a vetted field: the price applies, the name waits.
    const mixed = await edit(hunter, owner, { name: 'Sabine Orme-Vale', sessionTypes: DEFAULT_SESSION_TYPES });
    expect(mixed.body).toMatchObject({ name: 'Sabine Orme', sessionTypes: DEFAULT_SESSION_TYPES });
    expect(mixed.body.revision?.changes).toEqual({ name: 'Sabine Orme-Vale' });
    expect(await publicPage(hunter.id)).toMatchObject({ name: 'Sabine Orme', sessionTypes: DEFAULT_SESSION_TYPES });
  });

  it('merges a second change into one pending revision (the database keeps one), and withdraws it when put back', async () => {
    const { owner, hunter } = await approvedProfile('Tamsin Hale');
    const first = (await edit(hunter, owner, { name: 'Tamsin Hale-Rowe' })).body.revision!;
    const second = (await edit(hunter, owner, { instagramUrl: 'https://instagram.com/tamsin' })).body.revision!;
    expect(second.id).not.toBe(first.id);
    expect(second.changes).toEqual({ name: 'Tamsin Hale-Rowe', instagramUrl: 'https://instagram.com/tamsin' });
    expect((await revisionRows(hunter.id)).map((row) => row.status)).toEqual(['superseded', 'pending']);

    // The admin who looked at the first one cannot approve what they did not see.
    const stale = await decideRevision(hunter.id, first.id, 'approve');
    expect(stale.status).toBe(409);
    expect((await publicPage(hunter.id)).name).toBe('Tamsin Hale');

    // The same values again change nothing.
    const repeat = (await edit(hunter, owner, { name: 'Tamsin Hale-Rowe' })).body.revision!;
    expect(repeat.id).toBe(second.id);

    // Both put back: nothing waits any more.
    const back = await edit(hunter, owner, { name: 'Tamsin Hale', instagramUrl: 'https://instagram.com/approved' });
    expect(back.body.revision).toBeNull();
    expect((await revisionRows(hunter.id)).map((row) => row.status)).toEqual(['superseded', 'withdrawn']);
    expect(back.body.decisions.map((d) => d.decision).slice(0, 4)).toEqual(['withdraw-revision', 'revise', 'revise', 'approve']);

    // The database itself refuses a second pending revision.
    await edit(hunter, owner, { name: 'Tamsin R.' });
    await expect(
      harness.db.query(`insert into hunter_profile_revisions (hunter_id, changes, live) values ($1, '{"bio": "x"}', '{"bio": ""}')`, [hunter.id]),
    ).rejects.toThrow(/hunter_profile_revisions_one_pending/);
  });

  it('lets only admins decide, never on their own profile, and only on the hunter\'s own revision', async () => {
    const { owner, hunter } = await approvedProfile('Ursula Penn');
    const revision = (await edit(hunter, owner, { name: 'Ursula Penn-Ash' })).body.revision!;
    const other = await approvedProfile('Vita Crane');

    expect((await decideRevision(hunter.id, revision.id, 'approve', {}, null)).status).toBe(401);
    expect((await decideRevision(hunter.id, revision.id, 'approve', {}, owner)).status).toBe(403);
    expect((await decideRevision(hunter.id, revision.id, 'approve', {}, other.owner)).status).toBe(403);
    const notTheirs = await decideRevision(other.hunter.id, revision.id, 'approve');
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe(VETTING_MESSAGES.revisionNotFound);
    expect((await decideRevision(hunter.id, 999_999, 'approve')).status).toBe(404);

    // An admin who is also this hunter may not approve their own change.
    const selfHeaders = await testIdentityHeaders({ ...member(owner), isAdmin: true }, 'hunters');
    const self = await fetch(`${harness.base}/api/admin/hunters/${hunter.id}/revisions/${revision.id}/approve`, {
      method: 'POST',
      headers: { ...selfHeaders, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(self.status).toBe(403);
    expect((await publicPage(hunter.id)).name).toBe('Ursula Penn');
  });

  it('applies edits of a profile still in the queue at once (the whole profile is reviewed then)', async () => {
    const owner = nextMember();
    const created = await send<OwnHunter>('POST', '/api/hunters', owner, {
      name: 'Wren Abney',
      location: 'France',
      specialties: ['Designer Handbags'],
      adviceTypes: ['Personal Shopping'],
      languages: ['French'],
      yearsExperience: 2,
      sessionTypes: DEFAULT_SESSION_TYPES,
    });
    const edited = await edit(created.body, owner, { name: 'Wren Abney-Cole' });
    expect(edited.body).toMatchObject({ name: 'Wren Abney-Cole', status: 'pending', revision: null });
    expect(await revisionRows(created.body.id)).toEqual([]);
  });
});
