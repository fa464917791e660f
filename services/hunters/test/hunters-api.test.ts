import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SESSION_TYPES,
  type EventPayload,
  type EventType,
  type IntegrationEvent,
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_RANKING_PRIOR,
  HUNTER_SERVICES,
  HUNTER_SORTS,
  HUNTER_SPECIALTIES,
  LEGAL_DOCUMENT_VERSIONS,
  TERMS_NOT_ACCEPTED_CODE,
  type Hunter,
  type SessionTypes,
} from '@hunted/contracts';
import { EventConsumer } from '@hunted/platform';
import { imageMetadataOf, startServiceApp, TEST_DATABASE_URL, testIdentityHeaders, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { createHuntersApp } from '../src/app.js';
import { AddHunterPhotoOwners1764806400000 } from '../src/database/migrations/1764806400000-add-hunter-photo-owners.js';
import { loadConfig } from '../src/config.js';
import { PHOTO_NOT_YOURS } from '../src/store/hunter-photos.js';
import { approveHunter, approvePendingRevision } from './vetting-helpers.js';

const SCHEMA = 'hunters_api_it';

const user = (id: string) => ({ id, email: `${id}@hunted.test`, firstName: null, lastName: null, isAdmin: false });

function profile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Sofia Rossi',
    bio: 'Vintage Chanel and Milan boutiques.',
    location: 'Italy',
    specialties: ['Vintage Luxury', 'Fine Jewelry'],
    adviceTypes: ['Personal Shopping', 'Hotel Planning'],
    languages: ['Italian', 'English'],
    yearsExperience: 8,
    instagramUrl: 'https://instagram.com/sofia',
    sessionTypes: DEFAULT_SESSION_TYPES,
    ...overrides,
  };
}

function withType(key: keyof SessionTypes, changes: Record<string, unknown>): SessionTypes {
  return { ...DEFAULT_SESSION_TYPES, [key]: { ...DEFAULT_SESSION_TYPES[key], ...changes } } as SessionTypes;
}

describe('hunters: profiles', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let n = 0;

  async function as(id: string): Promise<Record<string, string>> {
    return { ...(await testIdentityHeaders(user(id), 'hunters')), 'content-type': 'application/json' };
  }
  /** A fresh member id for each test that creates a profile. */
  const member = () => `member-${++n}`;

  async function send(method: string, path: string, userId: string | null, body?: unknown) {
    const headers = userId ? await as(userId) : { 'content-type': 'application/json' };
    const response = await fetch(`${hunters.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown>, headers: response.headers };
  }
  const create = async (userId: string, body: Record<string, unknown> = profile()) => send('POST', '/api/hunters', userId, body);
  const list = async (query: string) => {
    const response = await fetch(`${hunters.base}/api/hunters${query}`);
    return { status: response.status, body: (await response.json()) as Hunter[] & Record<string, unknown>, total: response.headers.get('x-total-count') };
  };
  async function outbox(type: string): Promise<Record<string, unknown>[]> {
    const { rows } = await db.query<{ data: Record<string, unknown> }>('select data from outbox where type = $1 order by seq', [type]);
    return rows.map((row) => row.data);
  }

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA)));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await hunters?.close();
  });

  it('creates the signed-in member\'s profile, pending review, with the computed price, in the same transaction as its event', async () => {
    const id = member();
    const created = await create(id, profile({ pricePerSession: 999 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: id,
      name: 'Sofia Rossi',
      location: 'Italy',
      // No zone sent: the location's.
      timeZone: 'Europe/Rome',
      availabilityStatus: 'Available',
      // No reviews yet: no rating ('New'), never a default 5.
      rating: null,
      reviewCount: 0,
      totalSessions: 0,
      featured: false,
      languages: ['Italian', 'English'],
      sessionTypes: DEFAULT_SESSION_TYPES,
      instagramUrl: 'https://instagram.com/sofia',
      profileImageUrl: null,
      // The lowest enabled price (askQuestion's 25), not the 999 sent.
      pricePerSession: 25,
      // Italy's own currency when none is sent (decision 0105).
      currency: 'EUR',
      status: 'pending',
      statusReason: null,
      verified: false,
      takesPaidBookings: false,
    });
    const hunterId = created.body.id as number;
    expect(await outbox('hunters.hunter.created')).toContainEqual({
      hunterId,
      userId: id,
      name: 'Sofia Rossi',
      profileImageUrl: null,
      location: 'Italy',
      timeZone: 'Europe/Rome',
      availabilityStatus: 'Available',
      sessionTypes: DEFAULT_SESSION_TYPES,
      pricePerSession: 25,
      currency: 'EUR',
      status: 'pending',
    });
    expect((await send('GET', '/api/hunter-profile', id)).body).toEqual(created.body);
    // Public once approved: the same profile without its owner and vetting, marked verified.
    expect((await send('GET', `/api/hunters/${hunterId}`, null)).status).toBe(404);
    await approveHunter(hunters.base, hunterId);
    const own = (await send('GET', '/api/hunter-profile', id)).body;
    expect(own).toMatchObject({ status: 'approved', verified: true });
    const { userId: _owner, status: _status, statusReason: _reason, revision: _revision, decisions: _decisions, ...publicJson } = own;
    expect((await send('GET', `/api/hunters/${hunterId}`, null)).body).toEqual(publicJson);
  });

  it("leaves the owner's user id out of public reads; the owner's own profile keeps it", async () => {
    const id = member();
    const { body: created } = await create(id);
    const hunterId = created.id as number;
    expect(created.userId).toBe(id);
    await approveHunter(hunters.base, hunterId);
    const one = await send('GET', `/api/hunters/${hunterId}`, null);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('userId');
    const listed = (await list('?limit=100')).body;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((h) => 'userId' in h)).toEqual([]);
    expect((await send('GET', '/api/hunter-profile', id)).body.userId).toBe(id);
    expect((await send('PATCH', `/api/hunters/${hunterId}`, id, { bio: 'Mine' })).body.userId).toBe(id);
  });

  it('answers 404, never a 500, for a hunter id beyond a whole number the table holds', async () => {
    for (const id of ['2147483648', '99999999999', '9'.repeat(40)]) {
      const missing = await send('GET', `/api/hunters/${id}`, null);
      expect(missing.status, id).toBe(404);
      expect(missing.body.message).toBe('Hunter not found');
      expect((await send('PATCH', `/api/hunters/${id}`, member(), { name: 'X' })).status, id).toBe(404);
    }
  });

  it('answers 401 to a guest\'s write and own profile, 404 for no profile, no hunter or a non-numeric id', async () => {
    expect((await create(null as unknown as string)).status).toBe(401);
    expect((await send('PATCH', '/api/hunters/1', null, { name: 'X' })).status).toBe(401);
    expect((await send('GET', '/api/hunter-profile', null)).status).toBe(401);
    const none = await send('GET', '/api/hunter-profile', member());
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Hunter not found');
    for (const id of ['999999', 'abc', '1.5']) {
      const missing = await send('GET', `/api/hunters/${id}`, null);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Hunter not found');
    }
  });

  it("answers 409 terms-not-accepted to a member who has not accepted the current hunters' terms, for a new profile and an edit", async () => {
    const id = member();
    const created = await create(id);
    expect(created.status).toBe(201);
    const onlyTerms = { ...(await testIdentityHeaders({ ...user(id), acceptedTerms: ['terms'] }, 'hunters')), 'content-type': 'application/json' };
    const refused = {
      statusCode: 409,
      code: TERMS_NOT_ACCEPTED_CODE,
      document: 'hunterTerms',
      version: LEGAL_DOCUMENT_VERSIONS.hunterTerms,
      message: 'We have updated the terms for hunters. Please read and accept them to continue.',
    };
    const edit = await fetch(`${hunters.base}/api/hunters/${created.body.id}`, { method: 'PATCH', headers: onlyTerms, body: JSON.stringify({ name: 'Renamed' }) });
    expect(edit.status).toBe(409);
    expect(await edit.json()).toEqual(refused);
    const another = await fetch(`${hunters.base}/api/hunters`, { method: 'POST', headers: { ...onlyTerms }, body: JSON.stringify(profile()) });
    expect(another.status).toBe(409);
    expect(await another.json()).toEqual(refused);
    const { rows } = await db.query('select name from hunters where user_id = $1', [id]);
    expect(rows).toEqual([{ name: created.body.name }]);
  });

  it('keeps one profile per user: a second is a 409, even when several race', async () => {
    const id = member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(id)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe('You already have a hunter profile');
    const { rows } = await db.query('select 1 from hunters where user_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses id, userId, rating, reviewCount, totalSessions and featured', async () => {
    for (const field of ['id', 'userId', 'rating', 'reviewCount', 'totalSessions', 'featured']) {
      const refused = await create(member(), profile({ [field]: field === 'featured' ? true : 1 }));
      expect(refused.status, field).toBe(400);
      expect(Object.keys(refused.body.errors as object), field).toEqual([field]);
    }
  });

  it('checks each rule with the spec\'s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ specialties: [] }, 'specialties', 'Select at least one specialty'],
      [{ specialties: undefined }, 'specialties', 'Select at least one specialty'],
      [{ adviceTypes: [] }, 'adviceTypes', 'Select at least one advice type'],
      [{ languages: [] }, 'languages', 'Select at least one language'],
      [{ yearsExperience: undefined }, 'yearsExperience', 'Years of experience is required'],
      [{ yearsExperience: 'eight' }, 'yearsExperience', 'Years of experience is required'],
      [{ yearsExperience: 61 }, 'yearsExperience', 'Years of experience must be from 0 to 60'],
      [{ yearsExperience: -1 }, 'yearsExperience', 'Years of experience must be from 0 to 60'],
      [{ name: ' ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(256) }, 'name', 'Name must be at most 255 characters'],
      [{ bio: 'x'.repeat(2001) }, 'bio', 'Bio must be at most 2,000 characters'],
      [{ location: 'Narnia' }, 'location', 'Location must be one of: UK, France, Italy, Spain, Sweden, Greece, Denmark'],
      [{ specialties: ['Hats'] }, 'specialties', `Each specialty must be one of: ${HUNTER_SPECIALTIES.join(', ')}`],
      [{ adviceTypes: ['Dog Walking'] }, 'adviceTypes', `Each service must be one of: ${HUNTER_SERVICES.join(', ')}`],
      [{ languages: ['Klingon'] }, 'languages', `Each language must be one of: ${HUNTER_LANGUAGES.join(', ')}`],
      [{ instagramUrl: 'javascript:alert(1)' }, 'instagramUrl', 'Instagram must be a link starting with http:// or https://'],
      [{ instagramUrl: `https://x.com/${'a'.repeat(490)}` }, 'instagramUrl', 'Instagram must be at most 500 characters'],
      [{ availabilityStatus: 'Away' }, 'availabilityStatus', 'Availability status must be one of: Available, Busy, Unavailable'],
      [{ sessionTypes: withType('whatsappVoice', { price: null }) }, 'sessionTypes', 'Session price is required'],
      [{ location: 'UK', sessionTypes: withType('whatsappVoice', { price: 1 }) }, 'sessionTypes', 'Session price must be 0 (free) or a whole number from £2 to £5,000'],
      [{ location: 'UK', sessionTypes: withType('whatsappVoice', { price: 5001 }) }, 'sessionTypes', 'Session price must be 0 (free) or a whole number from £2 to £5,000'],
      [{ location: 'UK', sessionTypes: withType('whatsappVoice', { price: 9.5 }) }, 'sessionTypes', 'Session price must be 0 (free) or a whole number from £2 to £5,000'],
      [{ location: 'Italy', sessionTypes: withType('whatsappVoice', { price: 5001 }) }, 'sessionTypes', 'Session price must be 0 (free) or a whole number from €1 to €5,000'],
      [{ currency: 'DKK', sessionTypes: withType('whatsappVoice', { price: 2 }) }, 'sessionTypes', 'Session price must be 0 (free) or at least DKK\u00a03, the smallest charge Stripe takes in DKK'],
      [{ currency: 'USD' }, 'currency', 'Currency must be one of: GBP, EUR, SEK, DKK, NOK, CHF, PLN'],
      [{ sessionTypes: withType('whatsappVoice', { duration: 10 }) }, 'sessionTypes', 'Session duration must be a whole number from 15 to 240 minutes'],
      [{ sessionTypes: withType('whatsappVoice', { duration: 241 }) }, 'sessionTypes', 'Session duration must be a whole number from 15 to 240 minutes'],
      [
        { sessionTypes: { whatsappVoice: DEFAULT_SESSION_TYPES.whatsappVoice } },
        'sessionTypes',
        'Session types must set exactly whatsappVoice, whatsappVideo, inPerson, askQuestion',
      ],
      [
        {
          sessionTypes: Object.fromEntries(
            Object.entries(DEFAULT_SESSION_TYPES).map(([key, type]) => [key, { ...type, enabled: false }]),
          ),
        },
        'sessionTypes',
        'Enable at least one session type',
      ],
    ];
    for (const [changes, field, message] of cases) {
      const refused = await create(member(), profile(changes));
      expect(refused.status, message).toBe(400);
      expect((refused.body.errors as Record<string, string>)[field], JSON.stringify(changes).slice(0, 80)).toBe(message);
    }
    // Free (0) and the bounds are fine; a blank Instagram is none; a disabled type's price does not count.
    const free = await create(
      member(),
      profile({ instagramUrl: ' ', yearsExperience: 0, sessionTypes: withType('askQuestion', { price: 0, duration: 240 }) }),
    );
    expect(free.status).toBe(201);
    expect(free.body).toMatchObject({ instagramUrl: null, pricePerSession: 0, yearsExperience: 0 });
    const onlyInPerson = await create(
      member(),
      profile({
        sessionTypes: {
          whatsappVoice: { enabled: false, price: 2, duration: 30 },
          whatsappVideo: { enabled: false, price: 80, duration: 60 },
          inPerson: { enabled: true, price: 5000, duration: 15 },
          askQuestion: { enabled: false, price: 25, duration: 15 },
        },
      }),
    );
    expect(onlyInPerson.status).toBe(201);
    expect(onlyInPerson.body.pricePerSession).toBe(5000);
  });

  it('refuses control characters in the name, and a NUL anywhere, with a 400 (never a 500)', async () => {
    for (const name of ['Sofia\rRossi', 'Sofia\nRossi', 'Sofia\u0007', 'Sofia\u009bRossi', 'Sofia\u007f', '\u001b[31mSofia']) {
      const refused = await create(member(), profile({ name }));
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.errors, JSON.stringify(name)).toEqual({ name: 'Name may not contain control characters (such as line breaks)' });
    }
    const nulName = await create(member(), profile({ name: 'Sofia\u0000Rossi' }));
    expect(nulName.status).toBe(400);
    expect(nulName.body.errors).toEqual({ name: 'Text may not contain the NUL character (\\u0000)' });
    const owner = member();
    const { body: created } = await create(owner);
    const renamed = await send('PATCH', `/api/hunters/${created.id as number}`, owner, { name: 'Sofia\r\nRossi' });
    expect(renamed.status).toBe(400);
    // A NUL in any text (the bio, a list, the search box) is refused before it reaches PostgreSQL, which cannot store it.
    const nulBio = await send('PATCH', `/api/hunters/${created.id as number}`, owner, { bio: 'Vintage\u0000Chanel' });
    expect(nulBio.status).toBe(400);
    expect(nulBio.body.errors).toEqual({ bio: 'Text may not contain the NUL character (\\u0000)' });
    expect((await create(member(), profile({ specialties: ['Fine Jewelry\u0000'] }))).status).toBe(400);
    const search = await list('?search=sofia%00');
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ search: 'Text may not contain the NUL character (\\u0000)' });
    // A bio keeps its line breaks and tabs.
    const bio = await send('PATCH', `/api/hunters/${created.id as number}`, owner, { bio: 'Line one\r\nLine two\tend' });
    expect(bio.body.bio).toBe('Line one\r\nLine two\tend');
  });

  it("keeps the hunter's own time zone: chosen at creation, changed at once on an approved profile, refused when unknown", async () => {
    const owner = member();
    const created = await create(owner, profile({ location: 'UK', timeZone: 'Europe/Madrid' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ location: 'UK', timeZone: 'Europe/Madrid' });
    const id = created.body.id as number;
    await approveHunter(hunters.base, id);
    expect((await send('GET', `/api/hunters/${id}`, null)).body.timeZone).toBe('Europe/Madrid');
    // Not a vetted field: it applies at once and the copies hear of it.
    const moved = await send('PATCH', `/api/hunters/${id}`, owner, { timeZone: 'Europe/Athens' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ timeZone: 'Europe/Athens', revision: null });
    expect(await outbox('hunters.hunter.updated')).toContainEqual(expect.objectContaining({ hunterId: id, timeZone: 'Europe/Athens' }));
    for (const timeZone of ['Europe/Atlantis', '+01:00', 'paris', 42, null]) {
      const refused = await send('PATCH', `/api/hunters/${id}`, owner, { timeZone });
      expect(refused.status, String(timeZone)).toBe(400);
      expect(refused.body.errors).toEqual({ timeZone: 'timeZone must be a time zone such as Europe/Paris' });
    }
    const refusedAtCreation = await create(member(), profile({ timeZone: 'Mars/Olympus' }));
    expect(refusedAtCreation.status).toBe(400);
    expect(refusedAtCreation.body.errors).toEqual({ timeZone: 'timeZone must be a time zone such as Europe/Paris' });
    expect((await send('GET', '/api/hunter-profile', owner)).body.timeZone).toBe('Europe/Athens');
  });

  it('lets only the owner edit, recomputing the price, and announces the edit', async () => {
    const owner = member();
    const { body: created } = await create(owner);
    const id = created.id as number;
    await approveHunter(hunters.base, id);
    const edited = await send('PATCH', `/api/hunters/${id}`, owner, {
      name: 'Sofia R.',
      availabilityStatus: 'Busy',
      sessionTypes: withType('askQuestion', { enabled: false }),
      pricePerSession: 1,
    });
    expect(edited.status).toBe(200);
    // The price and availability apply at once; the approved profile's new name waits for review (decision 0089).
    expect(edited.body).toMatchObject({ name: created.name, availabilityStatus: 'Busy', pricePerSession: 50, bio: created.bio, location: 'Italy' });
    expect(edited.body.revision).toMatchObject({ status: 'pending', changes: { name: 'Sofia R.' } });
    expect(Date.parse(edited.body.updatedAt as string)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt as string));
    expect(await outbox('hunters.hunter.updated')).toContainEqual(
      expect.objectContaining({ hunterId: id, name: created.name, availabilityStatus: 'Busy', pricePerSession: 50 }),
    );
    expect(await approvePendingRevision(hunters.base, id)).toBe(true);
    expect(await outbox('hunters.hunter.updated')).toContainEqual(expect.objectContaining({ hunterId: id, name: 'Sofia R.' }));

    const other = await send('PATCH', `/api/hunters/${id}`, member(), { name: 'Stolen' });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Hunter not found');
    expect((await send('PATCH', '/api/hunters/999999', owner, { name: 'X' })).status).toBe(404);
    expect((await send('PATCH', `/api/hunters/${id}`, owner, { featured: true })).status).toBe(400);
    const bad = await send('PATCH', `/api/hunters/${id}`, owner, { specialties: [], name: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ specialties: 'Select at least one specialty', name: 'Name is required' });
    expect((await send('GET', `/api/hunters/${id}`, null)).body.name).toBe('Sofia R.');
  });

  it("keeps a copy of identity's users: a registration and a rename reach it, a stale event does not", async () => {
    const apply = <T extends EventType>(type: T, data: EventPayload<T>, occurredAt: Date) =>
      hunters.app
        .get(EventConsumer)
        .apply({ id: randomUUID(), type, version: 1, occurredAt: occurredAt.toISOString(), data } as IntegrationEvent<T>);
    const copy = async () =>
      (await db.query('select first_name, last_name, profile_image_url from users where user_id = $1', ['u-copy'])).rows[0] as unknown;
    const facts = { userId: 'u-copy', email: 'u-copy@hunted.test', firstName: 'Sofia', lastName: 'Rossi', profileImageUrl: null, instagramUrl: null };
    const now = Date.now();
    expect(await apply('identity.user.registered', facts, new Date(now))).toBe(true);
    expect(await copy()).toEqual({ first_name: 'Sofia', last_name: 'Rossi', profile_image_url: null });
    expect(await apply('identity.user.updated', { ...facts, lastName: 'Bianchi', profileImageUrl: '/api/auth/avatars/a.png' }, new Date(now + 1000))).toBe(true);
    expect(await copy()).toEqual({ first_name: 'Sofia', last_name: 'Bianchi', profile_image_url: '/api/auth/avatars/a.png' });
    expect(await apply('identity.user.updated', { ...facts, firstName: 'Stale' }, new Date(now - 60_000))).toBe(true);
    expect(await copy()).toEqual({ first_name: 'Sofia', last_name: 'Bianchi', profile_image_url: '/api/auth/avatars/a.png' });
  });

  describe('photos', () => {
    // A 1x1 PNG.
    const PNG = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

    it('stores an upload once and serves it by URL, immutable, typed from its bytes; a replaced upload goes', async () => {
      const owner = member();
      const created = await create(owner, profile({ profileImageUrl: dataUrl('image/png', PNG) }));
      expect(created.status).toBe(201);
      const url = created.body.profileImageUrl as string;
      await approveHunter(hunters.base, created.body.id as number);
      expect(url).toMatch(/^\/api\/media\/hunter-photos\/[0-9a-f-]{36}$/);
      const photo = await fetch(`${hunters.base}${url}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/png');
      expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
      // Stored re-encoded, its metadata dropped: the same 1×1 PNG, not the same bytes.
      expect(await imageMetadataOf(Buffer.from(await photo.arrayBuffer()))).toMatchObject({ format: 'png', width: 1, height: 1 });
      expect((await list('')).body.find((h) => h.id === created.body.id)?.profileImageUrl).toBe(url);

      // Sending back the URL it has keeps it; a new upload waits for review on an approved profile (decision 0089)
      // and, once approved, replaces it: the old bytes are gone.
      const id = created.body.id as number;
      const kept = await send('PATCH', `/api/hunters/${id}`, owner, { profileImageUrl: url });
      expect(kept.body.profileImageUrl).toBe(url);
      expect(kept.body.revision).toBeNull();
      const replaced = await send('PATCH', `/api/hunters/${id}`, owner, { profileImageUrl: dataUrl('image/png', PNG) });
      expect(replaced.body.profileImageUrl).toBe(url);
      const newUrl = (replaced.body.revision as { changes: { profileImageUrl: string } }).changes.profileImageUrl;
      expect(newUrl).not.toBe(url);
      expect(await approvePendingRevision(hunters.base, id)).toBe(true);
      const live = async () => (await send('GET', `/api/hunters/${id}`, null)).body.profileImageUrl;
      expect(await live()).toBe(newUrl);
      expect((await fetch(`${hunters.base}${url}`)).status).toBe(404);
      expect((await fetch(`${hunters.base}${newUrl}`)).status).toBe(200);
      // The user's own avatar (pre-filled by the form, as identity told this service) and none are fine too.
      const ownAvatar = `/api/auth/avatars/${randomUUID()}`;
      await db.query('insert into users (user_id, profile_image_url, updated_at) values ($1, $2, now())', [owner, ownAvatar]);
      await send('PATCH', `/api/hunters/${id}`, owner, { profileImageUrl: ownAvatar });
      await approvePendingRevision(hunters.base, id);
      expect(await live()).toBe(ownAvatar);
      await send('PATCH', `/api/hunters/${id}`, owner, { profileImageUrl: null });
      await approvePendingRevision(hunters.base, id);
      expect(await live()).toBeNull();
    });

    it("refuses a photo of 5 MB or more, a non-image and a .png holding HTML with the spec's texts", async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      const cases: [string, string][] = [
        [dataUrl('image/png', big), 'Please select an image smaller than 5MB'],
        [dataUrl('text/plain', Buffer.from('hello')), 'Please select an image file'],
        [dataUrl('image/png', Buffer.from('<html><script>alert(1)</script></html>')), 'Please select an image file'],
        ['ftp://example.com/a.png', 'Profile photo must be an uploaded image or none (links to other sites are not accepted)'],
      ];
      const photos = async () => ((await db.query('select count(*)::int as n from hunter_photos')).rows[0] as { n: number }).n;
      const before = await photos();
      for (const [profileImageUrl, message] of cases) {
        const refused = await create(member(), profile({ profileImageUrl }));
        expect(refused.status, message).toBe(400);
        expect(refused.body.errors).toEqual({ profileImageUrl: message });
      }
      // Nothing refused was stored.
      expect(await photos()).toBe(before);
      const justUnder = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - 1 - PNG.length)]);
      expect((await create(member(), profile({ profileImageUrl: dataUrl('image/png', justUnder) }))).status).toBe(201);
    });

    it("keeps a hunter's photo from everyone else: its URL on another profile is a 400, and dropping it deletes nothing", async () => {
      const victim = member();
      const { body: b } = await create(victim, profile({ profileImageUrl: dataUrl('image/png', PNG) }));
      const victimPhoto = b.profileImageUrl as string;
      await approveHunter(hunters.base, b.id as number);
      const attacker = member();
      const { body: a } = await create(attacker);
      const attackerId = a.id as number;

      const taken = await send('PATCH', `/api/hunters/${attackerId}`, attacker, { profileImageUrl: victimPhoto });
      expect(taken.status).toBe(400);
      expect(taken.body.errors).toEqual({ profileImageUrl: PHOTO_NOT_YOURS });
      const onCreate = await create(member(), profile({ profileImageUrl: victimPhoto }));
      expect(onCreate.status).toBe(400);
      expect(onCreate.body.errors).toEqual({ profileImageUrl: PHOTO_NOT_YOURS });
      expect((await send('PATCH', `/api/hunters/${attackerId}`, attacker, { profileImageUrl: null })).status).toBe(200);
      expect((await fetch(`${hunters.base}${victimPhoto}`)).status).toBe(200);

      // A profile left pointing at someone else's photo (as the flaw allowed before photos had owners) lets go of
      // it without deleting it: the delete is by id and owner.
      await db.query('update hunters set profile_image_url = $1 where id = $2', [victimPhoto, attackerId]);
      expect((await send('PATCH', `/api/hunters/${attackerId}`, attacker, { profileImageUrl: null })).status).toBe(200);
      expect((await fetch(`${hunters.base}${victimPhoto}`)).status).toBe(200);
      expect((await send('GET', `/api/hunters/${b.id as number}`, null)).body.profileImageUrl).toBe(victimPhoto);
    });

    it("gives the photos stored before owners their one profile's owner; a shared or unshown photo gets none", async () => {
      const [one, two, three] = [member(), member(), member()];
      const own = (await create(one, profile({ profileImageUrl: dataUrl('image/png', PNG) }))).body;
      const shared = (await create(two, profile({ profileImageUrl: dataUrl('image/png', PNG) }))).body;
      const copier = (await create(three)).body;
      const idOf = (url: unknown) => (url as string).split('/').pop()!;
      await db.query('update hunters set profile_image_url = $1 where id = $2', [shared.profileImageUrl, copier.id]);
      const unshown = randomUUID();
      await db.query("insert into hunter_photos (id, bytes, owner_user_id) values ($1, '\\x00', 'someone')", [unshown]);

      const runner = hunters.app.get(DataSource).createQueryRunner();
      try {
        await new AddHunterPhotoOwners1764806400000().down(runner);
        await new AddHunterPhotoOwners1764806400000().up(runner);
      } finally {
        await runner.release();
      }
      const ownerOf = async (id: string) =>
        ((await db.query('select owner_user_id from hunter_photos where id = $1', [id])).rows[0] as { owner_user_id: string | null }).owner_user_id;
      expect(await ownerOf(idOf(own.profileImageUrl))).toBe(one);
      expect(await ownerOf(idOf(shared.profileImageUrl))).toBeNull();
      expect(await ownerOf(unshown)).toBeNull();
    });

    it('refuses a link to another site as a photo, with a text that says so; site paths keep working', async () => {
      const message = 'Profile photo must be an uploaded image or none (links to other sites are not accepted)';
      const refused = await create(member(), profile({ profileImageUrl: 'https://tracker.example/pixel.gif' }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ profileImageUrl: message });
      // A demo hunter's portrait only the demo data gives (here as a claimed demo profile has it); not a new profile.
      expect((await create(member(), profile({ profileImageUrl: '/demo-hunters/sofia-marchetti.svg' }))).body.errors).toEqual({
        profileImageUrl: PHOTO_NOT_YOURS,
      });
      const owner = member();
      const { body: created } = await create(owner);
      await db.query(`update hunters set profile_image_url = '/demo-hunters/sofia-marchetti.svg' where id = $1`, [created.id]);
      const edit = await send('PATCH', `/api/hunters/${created.id as number}`, owner, { profileImageUrl: 'http://tracker.example/p.png' });
      expect(edit.status).toBe(400);
      expect(edit.body.errors).toEqual({ profileImageUrl: message });
      const kept = await send('PATCH', `/api/hunters/${created.id as number}`, owner, { profileImageUrl: '/demo-hunters/sofia-marchetti.svg', bio: 'Kept' });
      expect(kept.status).toBe(200);
      expect(kept.body.profileImageUrl).toBe('/demo-hunters/sofia-marchetti.svg');
    });

    it('answers 404 for an unknown or malformed photo id', async () => {
      for (const id of ['0b6f7c1e-2f7a-4c1e-9a55-5d6f3e1c2b7a', 'nope']) {
        const missing = await fetch(`${hunters.base}/api/media/hunter-photos/${id}`);
        expect(missing.status).toBe(404);
      }
    });
  });

  describe('the listing', () => {
    /** Over a thousand, so every sort, filter and page runs on more rows than a page or a band holds many times over. */
    const GENERATED = 1_200;

    beforeAll(async () => {
      await db.query('delete from hunters');
      // Generated hunters spread over every list in one statement; several share each sort key, so ties by id are
      // exercised.
      // Every one approved (the listing answers approved hunters only) but the last few, which it must leave out.
      await db.query(
        `insert into hunters (user_id, name, bio, location, specialties, advice_types, languages, years_experience,
           price_per_session, rating, review_count, rating_sum, total_sessions, featured, session_types, status, time_zone)
         select 'gen-' || i, 'Hunter ' || i, case when i % 50 = 0 then 'Loves vintage Chanel' else 'Style adviser' end,
           ($1::text[])[1 + i % 7], array[($2::text[])[1 + i % 12]], array[($3::text[])[1 + i % 17]],
           array['English', ($4::text[])[1 + i % 8]], i % 61, (i * 7) % 160, 3 + (i % 5) * 0.5, 2 * (i % 7),
           (3 + (i % 5) * 0.5) * 2 * (i % 7), i % 37, i % 97 = 0, $5::jsonb, 'approved', 'Europe/London'
         from generate_series(1, ${GENERATED}) i`,
        [HUNTER_LOCATIONS, HUNTER_SPECIALTIES, HUNTER_SERVICES, HUNTER_LANGUAGES, JSON.stringify(DEFAULT_SESSION_TYPES)],
      );
      await db.query(
        `insert into hunters (user_id, name, bio, location, specialties, advice_types, languages, years_experience,
           price_per_session, rating, review_count, rating_sum, total_sessions, featured, session_types, status, time_zone)
         select 'hidden-' || i, 'Hunter hidden ' || i, 'Loves vintage Chanel', 'UK', array['Footwear'], array['Hotel Planning'],
           array['English', 'Greek'], 60, 30, 5, 12, 60, 36, true, $1::jsonb, ($2::text[])[i], 'Europe/London'
         from generate_series(1, 3) i`,
        [JSON.stringify(DEFAULT_SESSION_TYPES), ['pending', 'rejected', 'suspended']],
      );
    });

    /** Every hunter the query keeps, read a page of 100 at a time as a client must now. */
    async function everything(query: string): Promise<Hunter[]> {
      const params = query.replace(/^\?/, '');
      const items: Hunter[] = [];
      for (;;) {
        const page = await list(`?${params}${params ? '&' : ''}limit=100&offset=${items.length}`);
        expect(page.status, query).toBe(200);
        items.push(...page.body);
        if (page.body.length === 0 || items.length >= Number(page.total)) return items;
      }
    }

    it('answers the first 24 by default with x-total-count, at most 100 a page, and pages that never repeat', async () => {
      const first = await list('');
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(24);
      expect(first.total).toBe(String(GENERATED));
      expect((await list('?limit=100')).body).toHaveLength(100);
      expect((await list('?limit=101')).status).toBe(400);
      for (const sort of ['rating', 'price-low', 'price-high', 'experience', 'sessions']) {
        const whole = (await everything(`?sort=${sort}`)).map((h) => h.id);
        expect(whole).toHaveLength(GENERATED);
        expect((await list(`?sort=${sort}`)).body.map((h) => h.id)).toEqual(whole.slice(0, 24));
        // Every page of 24 at once (50 of them), as many readers would: each answers the same total.
        const offsets = Array.from({ length: Math.ceil(GENERATED / 24) }, (_, i) => i * 24);
        const answers = await Promise.all(offsets.map((offset) => list(`?sort=${sort}&limit=24&offset=${offset}`)));
        expect(new Set(answers.map((page) => page.total))).toEqual(new Set([String(GENERATED)]));
        const pages = answers.flatMap((page) => page.body.map((h) => h.id));
        expect(pages, sort).toEqual(whole);
        expect(new Set(pages).size).toBe(GENERATED);
      }
      const past = await list(`?limit=24&offset=${GENERATED}`);
      expect(past.body).toEqual([]);
      expect(past.total).toBe(String(GENERATED));
    });

    it('orders each sort with ties by id', async () => {
      const byKey = (key: (h: Hunter) => (number | boolean)[]) => (a: Hunter, b: Hunter) => {
        const [ka, kb] = [key(a), key(b)];
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return Number(ka[i]) - Number(kb[i]);
        return a.id - b.id;
      };
      // 'Our top picks': the damped average (HUNTER_RANKING_PRIOR), compared exactly (cross-multiplied: the generated
      // ratings are halves over even counts, so every product is the whole sum of stars); no reviews after any review.
      const { mean, weight } = HUNTER_RANKING_PRIOR;
      const byDampedAverage = (a: Hunter, b: Hunter) => {
        if (a.reviewCount === 0 || b.reviewCount === 0) return Number(a.reviewCount === 0) - Number(b.reviewCount === 0);
        const sum = (h: Hunter) => mean * weight + h.rating! * h.reviewCount;
        return sum(b) * (weight + a.reviewCount) - sum(a) * (weight + b.reviewCount);
      };
      const orders: Record<string, (a: Hunter, b: Hunter) => number> = {
        rating: (a, b) =>
          Number(b.featured) - Number(a.featured) || byDampedAverage(a, b) || byKey((h) => [-h.reviewCount, -h.totalSessions])(a, b),
        'price-low': byKey((h) => [h.pricePerSession]),
        'price-high': byKey((h) => [-h.pricePerSession]),
        experience: byKey((h) => [-h.yearsExperience]),
        sessions: byKey((h) => [-h.totalSessions]),
      };
      for (const [sort, order] of Object.entries(orders)) {
        const body = await everything(`?sort=${sort}`);
        expect(body, sort).toHaveLength(GENERATED);
        expect(body.map((h) => h.id), sort).toEqual([...body].sort(order).map((h) => h.id));
      }
      expect((await everything('')).map((h) => h.id)).toEqual((await everything('?sort=rating')).map((h) => h.id));
      // A hunter without reviews has no rating; every reviewed one keeps its own.
      const all = await everything('');
      expect(all.filter((h) => h.reviewCount === 0).every((h) => h.rating === null)).toBe(true);
      expect(all.filter((h) => h.reviewCount > 0).every((h) => typeof h.rating === 'number')).toBe(true);
      expect(all.every((h) => h.verified)).toBe(true);
    });

    it('filters exactly: price bands half-open, location, specialty, service, language, search by word prefixes', async () => {
      const all = await everything('');
      const expectExact = async (query: string, keep: (h: Hunter) => boolean) => {
        const body = await everything(query);
        const expected = all.filter(keep).map((h) => h.id).sort((a, b) => a - b);
        expect(expected.length, query).toBeGreaterThan(0);
        expect(body.map((h) => h.id).sort((a, b) => a - b), query).toEqual(expected);
      };
      await expectExact('?price=20-40', (h) => h.pricePerSession >= 20 && h.pricePerSession < 40);
      await expectExact('?price=40-60', (h) => h.pricePerSession >= 40 && h.pricePerSession < 60);
      await expectExact('?price=60-100', (h) => h.pricePerSession >= 60 && h.pricePerSession < 100);
      await expectExact('?price=100%2B', (h) => h.pricePerSession >= 100);
      await expectExact('?location=Denmark', (h) => h.location === 'Denmark');
      await expectExact('?specialty=Fine%20Jewelry', (h) => h.specialties.includes('Fine Jewelry'));
      await expectExact('?service=Hotel%20Planning', (h) => h.adviceTypes.includes('Hotel Planning'));
      // "Speaks" (issue 39): one of the languages the hunter lists.
      await expectExact('?language=Greek', (h) => h.languages.includes('Greek'));
      await expectExact('?language=Spanish&location=Spain', (h) => h.languages.includes('Spanish') && h.location === 'Spain');
      await expectExact('?search=chan%20VINT', (h) => h.bio === 'Loves vintage Chanel');
      await expectExact('?search=hunter%20123', (h) => h.name.startsWith('Hunter 123'));
      await expectExact('?search=greek', (h) => h.languages.includes('Greek'));
      await expectExact('?search=gree', (h) => h.languages.includes('Greek') || h.location === 'Greece');
      await expectExact('?location=UK&specialty=Footwear&price=all&service=', (h) => h.location === 'UK' && h.specialties.includes('Footwear'));
      // Search and two filters at once, as the bench loads them: exact under every sort, and its pages add up to it.
      const combined = 'search=advis&location=France&price=60-100';
      const keep = (h: Hunter) => h.bio === 'Style adviser' && h.location === 'France' && h.pricePerSession >= 60 && h.pricePerSession < 100;
      for (const sort of HUNTER_SORTS) {
        await expectExact(`?${combined}&sort=${sort}`, keep);
        const whole = (await everything(`?${combined}&sort=${sort}`)).map((h) => h.id);
        const pages: number[] = [];
        for (let offset = 0; offset < whole.length; offset += 24) {
          const page = await list(`?${combined}&sort=${sort}&limit=24&offset=${offset}`);
          expect(page.total).toBe(String(whole.length));
          pages.push(...page.body.map((h) => h.id));
        }
        expect(pages, sort).toEqual(whole);
      }
      const paged = await list('?location=Spain&limit=5');
      expect(paged.total).toBe(String(all.filter((h) => h.location === 'Spain').length));
      expect(paged.body).toHaveLength(5);
      expect((await list('?search=zzzqqq')).body).toEqual([]);
    });

    it('answers 400 naming a bad value', async () => {
      const bad = await list('?price=cheap&sort=newest&language=Klingon');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        price: 'price must be one of: 20-40, 40-60, 60-100, 100+',
        language: `language must be one of: ${HUNTER_LANGUAGES.join(', ')}`,
        sort: 'sort must be one of: rating, price-low, price-high, experience, sessions',
      });
      expect((await list('?limit=101')).status).toBe(400);
    });
  });
});
