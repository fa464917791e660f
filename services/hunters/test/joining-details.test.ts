import {
  DEFAULT_SESSION_TYPES,
  EMPTY_JOINING_DETAILS,
  JOINING_MESSAGES,
  PAYOUT_MESSAGES,
  type AdminHunter,
  type EventPayload,
  type Hunter,
  type JoiningDetails,
  type OwnHunter,
  type SitemapEntry,
} from '@hunted/contracts';
import { PAYLOAD_SCHEMAS } from '@hunted/contracts/event-schemas';
import {
  startServiceApp,
  TEST_DATABASE_URL,
  TEST_REDIS_URL,
  testIdentityHeaders,
  testServiceEnv,
  waitFor,
  type RunningServiceApp,
} from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { adminHeaders, approveHunter } from './vetting-helpers.js';

const SCHEMA = 'hunters_joining_it';
const PATH = '/api/hunter-profile/joining-details';

const member = (id: string) => ({ id, email: `${id}@hunted.test`, firstName: null, lastName: null, isAdmin: false });

/** What a hunter types: a UK drama-range number with spaces and brackets, a meeting place over two lines. */
const TYPED = {
  whatsappVoice: { phone: '+44 (7700) 900-321' },
  whatsappVideo: { phone: '+447700900654' },
  inPerson: { area: '  Marylebone, London  ', address: '1 Example Mews\nLondon W1U 1AA' },
};
const SAVED: JoiningDetails = {
  whatsappVoice: { phone: '+447700900321' },
  whatsappVideo: { phone: '+447700900654' },
  inPerson: { area: 'Marylebone, London', address: '1 Example Mews, London W1U 1AA' },
};

/**
 * Joining details (issue 22): the hunter's own WhatsApp numbers and meeting place, set and read on their own route
 * only, checked (E.164, lengths, both parts of a place), announced to bookings with the row, and never part of any
 * public read of a hunter.
 */
describe('hunters: joining details', () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let db: pg.Client;
  let redis: Redis;
  let redisPrefix: string;

  async function send<T = Record<string, unknown>>(
    method: string,
    path: string,
    as: string | null,
    body?: unknown,
  ): Promise<{ status: number; body: T; text: string }> {
    const headers = as
      ? { ...(await testIdentityHeaders(member(as), 'hunters')), 'content-type': 'application/json' }
      : { 'content-type': 'application/json' };
    const response = await fetch(`${hunters.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, text };
  }

  async function createProfile(userId: string, name: string): Promise<OwnHunter> {
    const created = await send<OwnHunter>('POST', '/api/hunters', userId, {
      name,
      bio: `${name} meets clients in Marylebone.`,
      location: 'UK',
      specialties: ['Designer Handbags'],
      adviceTypes: ['Personal Shopping'],
      languages: ['English'],
      yearsExperience: 6,
      sessionTypes: DEFAULT_SESSION_TYPES,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  async function announced(hunterId: number): Promise<EventPayload<'hunters.joining-details.changed'>[]> {
    const { rows } = await db.query<{ data: EventPayload<'hunters.joining-details.changed'> }>(
      `select data from outbox where type = 'hunters.joining-details.changed' and (data->>'hunterId')::int = $1 order by seq`,
      [hunterId],
    );
    return rows.map((row) => row.data);
  }

  beforeAll(async () => {
    const env = testServiceEnv(SCHEMA);
    redisPrefix = env.REDIS_PREFIX!;
    hunters = await startServiceApp(createHuntersApp, loadConfig(env));
    db = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await db.connect();
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await redis?.quit();
    await db?.end();
    await hunters?.close();
  });

  it('needs a signed-in member with a hunter profile', async () => {
    for (const method of ['GET', 'PUT']) {
      expect((await send(method, PATH, null, method === 'PUT' ? SAVED : undefined)).status).toBe(401);
      const none = await send<{ message: string }>(method, PATH, 'join-nobody', method === 'PUT' ? SAVED : undefined);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe(PAYOUT_MESSAGES.noHunterProfile);
    }
    expect(await db.query('select 1 from hunter_joining_details')).toHaveProperty('rowCount', 0);
  });

  it('answers none set yet as the empty details, then saves the whole set as typed, announced with the row', async () => {
    const owner = 'join-owner-1';
    const { id } = await createProfile(owner, 'Joan Joiner');
    // A pending profile may get ready before approval; nothing set yet reads as none.
    expect((await send('GET', PATH, owner)).body).toEqual(EMPTY_JOINING_DETAILS);

    const saved = await send<JoiningDetails>('PUT', PATH, owner, TYPED);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(SAVED);
    expect((await send('GET', PATH, owner)).body).toEqual(SAVED);
    const events = await announced(id);
    expect(events).toEqual([{ hunterId: id, joining: SAVED }]);
    // The contract's own schema accepts what was announced (bookings' and messaging's consumers check it).
    expect(PAYLOAD_SCHEMAS['hunters.joining-details.changed'].parse(events[0])).toEqual(events[0]);

    // The PUT is the whole set: a section left out or blank is none.
    const cleared = await send<JoiningDetails>('PUT', PATH, owner, { whatsappVideo: { phone: '+33 6 12 34 56 78' }, inPerson: { area: ' ', address: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ ...EMPTY_JOINING_DETAILS, whatsappVideo: { phone: '+33612345678' } });
    expect((await announced(id)).map((event) => event.joining)).toEqual([SAVED, cleared.body]);
  });

  it("sends the details on a stream of their own, never on the hunters' stream every consumer reads (decision 0097)", async () => {
    const owner = 'join-owner-stream';
    const { id } = await createProfile(owner, 'Stream Joiner');
    expect((await send('PUT', PATH, owner, TYPED)).status).toBe(200);
    await waitFor('the outbox relayed', async () => {
      const { rows } = await db.query(`select 1 from outbox where published_at is null`);
      return rows.length === 0;
    });
    const entries = async (stream: string) =>
      (await redis.xrange(`${redisPrefix}${stream}`, '-', '+')).map(([, fields]) => fields.join('\n'));
    const shared = await entries('events:hunters');
    // The profile's own events are there: the relay did write to it.
    expect(shared.some((entry) => entry.includes('hunters.hunter.created'))).toBe(true);
    expect(shared.filter((entry) => entry.includes('joining-details') || entry.includes(SAVED.whatsappVideo.phone!))).toEqual([]);
    const own = (await entries('events:hunters:joining-details')).filter((entry) => entry.includes(`"hunterId":${id}`));
    expect(own).toHaveLength(1);
    expect(own[0]).toContain(SAVED.whatsappVideo.phone);
  });

  it('refuses a malformed number, a half meeting place or a long one with 400 naming the field, storing nothing', async () => {
    const owner = 'join-owner-2';
    const { id } = await createProfile(owner, 'Bad Number');
    expect((await send('PUT', PATH, owner, SAVED)).status).toBe(200);
    const eventsBefore = (await announced(id)).length;

    const cases: [unknown, Record<string, string>][] = [
      [{ ...SAVED, whatsappVideo: { phone: '07700 900123' } }, { 'whatsappVideo.phone': JOINING_MESSAGES.phone }],
      [{ ...SAVED, whatsappVoice: { phone: '+44 7700 900123 99999' } }, { 'whatsappVoice.phone': JOINING_MESSAGES.phone }],
      [{ ...SAVED, whatsappVoice: { phone: 447700900123 } }, { 'whatsappVoice.phone': JOINING_MESSAGES.phone }],
      [{ ...SAVED, inPerson: { area: 'Soho', address: null } }, { 'inPerson.address': JOINING_MESSAGES.address }],
      [{ ...SAVED, inPerson: { area: null, address: '2 Example Row' } }, { 'inPerson.area': JOINING_MESSAGES.area }],
      [{ ...SAVED, inPerson: { area: 'a'.repeat(121), address: 'b'.repeat(301) } }, { 'inPerson.area': JOINING_MESSAGES.area, 'inPerson.address': JOINING_MESSAGES.address }],
      [{ ...SAVED, askQuestion: { link: 'x' } }, { askQuestion: 'property askQuestion should not exist' }],
    ];
    for (const [body, errors] of cases) {
      const refused = await send<{ message: string; errors: Record<string, string> }>('PUT', PATH, owner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toEqual(errors);
      expect(refused.body.message).toContain(Object.values(errors)[0]);
    }
    expect((await send('GET', PATH, owner)).body).toEqual(SAVED);
    expect((await announced(id)).length).toBe(eventsBefore);
  });

  it("never lets another member read or change someone's details: each reads and writes only their own", async () => {
    const [ada, bea] = ['join-ada', 'join-bea'];
    const adaHunter = await createProfile(ada, 'Ada Private');
    const beaHunter = await createProfile(bea, 'Bea Other');
    expect((await send('PUT', PATH, ada, SAVED)).status).toBe(200);

    // Bea reads her own (none yet), never Ada's, and her save lands on her own profile only.
    expect((await send('GET', PATH, bea)).body).toEqual(EMPTY_JOINING_DETAILS);
    const beas = { ...EMPTY_JOINING_DETAILS, whatsappVoice: { phone: '+447700900999' } };
    expect((await send('PUT', PATH, bea, beas)).body).toEqual(beas);
    expect((await send('GET', PATH, ada)).body).toEqual(SAVED);
    expect((await announced(beaHunter.id)).map((event) => event.joining)).toEqual([beas]);
    expect((await announced(adaHunter.id)).map((event) => event.joining)).toEqual([SAVED]);

    // No route names a hunter: one that tries is not found, whoever asks (an admin too).
    for (const path of [`${PATH}/${adaHunter.id}`, `/api/hunters/${adaHunter.id}/joining-details`]) {
      expect((await send('GET', path, bea)).status).toBe(404);
      expect((await send('PUT', path, bea, beas)).status).toBe(404);
      const asAdmin = await fetch(`${hunters.base}${path}`, { headers: await adminHeaders() });
      expect(asAdmin.status).toBe(404);
    }
    // A member who is not a hunter cannot read anyone's either.
    expect((await send('GET', PATH, 'join-client')).status).toBe(404);
  });

  it('keeps them out of every public read: the listing, the hunter page, search and the sitemap', async () => {
    const owner = 'join-public';
    const hunter = await createProfile(owner, 'Paige Public');
    await approveHunter(hunters.base, hunter.id);
    expect((await send('PUT', PATH, owner, SAVED)).status).toBe(200);
    // The bio names Marylebone (public); the area as set ('Marylebone, London') and the address are not.
    const secrets = ['447700900', '900321', '900654', 'Marylebone, London', 'Example Mews', 'W1U', 'joining', 'address', 'phone'];

    const page = await send<Hunter>('GET', `/api/hunters/${hunter.id}`, null);
    expect(page.status).toBe(200);
    // The public page has what it shows: photo, bio, specialties, services, languages, experience and session types
    // with prices and durations; nothing of the owner or the vetting.
    expect(page.body).toMatchObject({
      id: hunter.id,
      name: 'Paige Public',
      profileImageUrl: null,
      bio: 'Paige Public meets clients in Marylebone.',
      specialties: ['Designer Handbags'],
      adviceTypes: ['Personal Shopping'],
      languages: ['English'],
      yearsExperience: 6,
      sessionTypes: DEFAULT_SESSION_TYPES,
      rating: null,
      reviewCount: 0,
      verified: true,
    });
    for (const field of ['userId', 'status', 'statusReason', 'submittedAt', 'demoEmail', 'joining', 'whatsappVoice', 'inPerson']) {
      expect(page.body, field).not.toHaveProperty(field);
    }
    const reads = [
      page.text,
      (await send('GET', '/api/hunters?limit=100', null)).text,
      (await send('GET', '/api/hunters?search=paige', null)).text,
      (await send('GET', '/api/hunters?search=marylebone', null)).text,
      (await send('GET', `/api/hunters/${hunter.id}`, 'join-someone-else')).text,
      (await send('GET', '/internal/sitemap/entries?after=0&limit=100', null)).text,
    ];
    for (const text of reads) {
      for (const secret of secrets) expect(text.toLowerCase(), secret).not.toContain(secret.toLowerCase());
    }
    const entries = JSON.parse(reads[5]!) as SitemapEntry[];
    expect(entries.map((entry) => entry.name)).toContain('Paige Public');
    // Nor does the admin's record of the hunter carry them: bookings alone gets them, by the event.
    const admin = (await (await fetch(`${hunters.base}/api/admin/hunters/${hunter.id}`, { headers: await adminHeaders() })).json()) as AdminHunter;
    expect(JSON.stringify(admin)).not.toContain('900321');
  });
});
