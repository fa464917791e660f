import type { OwnHunter, SessionUser } from '@hunted/contracts';
import { imageMetadataOf, startServiceApp, testServiceEnv, type RunningServiceApp } from '@hunted/platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayInFront, type GatewayInFront } from '../../../gateway/test/support/test-gateway.js';
import { createHuntersApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/**
 * A member's hunter profile as the create page and the dashboard's Settings send and read it: through the real
 * gateway (the member's session, the page's Origin, the photo inline in the body) to the real hunters service. Was
 * the hunter profile journey; the form's messages, chips, switches and toasts are
 * web/src/features/hunters/pages/create-hunter-profile-page.test.tsx and
 * web/src/features/hunters/components/hunter-settings.test.tsx, every rule of the API hunters-api.test.ts.
 */

const SCHEMA = 'hunters_profile_gateway_it';
const HANA: SessionUser = { id: 'u-hana', email: 'hana@example.test', firstName: 'Hana', lastName: null, isAdmin: false, acceptedTerms: ['terms', 'hunterTerms'] };
/** A real 1×1 PNG: hunters types a photo from its bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const sessionTypes = {
  whatsappVoice: { enabled: true, price: 40, duration: 30 },
  whatsappVideo: { enabled: true, price: 75, duration: 60 },
  inPerson: { enabled: true, price: 160, duration: 120 },
  askQuestion: { enabled: false, price: 25, duration: 15 },
};

/** What the create page sends for Hana (its test checks the page sends this shape). */
const created = {
  name: 'Hana Okafor',
  bio: 'Paris vintage dealer turned personal shopper.',
  location: 'France',
  specialties: ['Vintage Luxury', 'Designer Handbags'],
  adviceTypes: ['Wardrobe Audit', 'Personal Shopping'],
  languages: ['French', 'English'],
  yearsExperience: 8,
  instagramUrl: 'https://instagram.com/hana.hunts',
  profileImageUrl: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
  sessionTypes,
};

describe("a hunter's own profile through the gateway", () => {
  let hunters: RunningServiceApp<NestFastifyApplication>;
  let site: GatewayInFront;

  beforeAll(async () => {
    hunters = await startServiceApp(createHuntersApp, loadConfig(testServiceEnv(SCHEMA)));
    site = await startGatewayInFront({ name: 'hunters-profile-gateway', services: { HUNTERS_URL: hunters.base }, users: { hana: HANA } });
  });

  afterAll(async () => {
    await site?.close();
    await hunters?.close();
  });

  function asHana(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = site.headers('hana');
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${site.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  const ownProfile = async () => (await (await asHana('GET', '/api/hunter-profile')).json()) as OwnHunter;

  it('creates the profile pending review with its photo, keeps one per member, and saves the Settings edits', async () => {
    expect((await asHana('GET', '/api/hunter-profile')).status).toBe(404);
    const response = await asHana('POST', '/api/hunters', created);
    expect(response.status).toBe(201);

    const hunter = await ownProfile();
    const { profileImageUrl: _sentPhoto, ...stored } = created;
    expect(hunter).toMatchObject({
      ...stored,
      status: 'pending',
      verified: false,
      availabilityStatus: 'Available',
      // The lowest enabled price.
      pricePerSession: 40,
    });
    expect(hunter.profileImageUrl).toMatch(/^\/api\/media\/hunter-photos\/[0-9a-f-]{36}$/);
    const photo = await fetch(`${site.base}${hunter.profileImageUrl!}`, { headers: site.headers('hana') });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    // Stored as re-encoded (metadata dropped): the same 1×1 PNG, not the same bytes.
    expect(await imageMetadataOf(Buffer.from(await photo.arrayBuffer()))).toMatchObject({ format: 'png', width: 1, height: 1 });

    // One profile per member: the create page then offers the dashboard.
    expect((await asHana('POST', '/api/hunters', created)).status).toBe(409);

    // Settings sends the whole form back, the photo as the URL it has; an emptied price is 0, a free session.
    const edit = {
      ...stored,
      profileImageUrl: hunter.profileImageUrl,
      availabilityStatus: 'Busy',
      bio: 'Paris vintage dealer; now booking for the spring.',
      specialties: ['Vintage Luxury', 'Designer Handbags', 'Footwear'],
      sessionTypes: { ...sessionTypes, whatsappVoice: { enabled: true, price: 0, duration: 30 } },
    };
    const saved = await asHana('PATCH', `/api/hunters/${hunter.id}`, edit);
    expect(saved.status).toBe(200);
    expect(await ownProfile()).toMatchObject({
      availabilityStatus: 'Busy',
      bio: 'Paris vintage dealer; now booking for the spring.',
      specialties: ['Vintage Luxury', 'Designer Handbags', 'Footwear'],
      pricePerSession: 0,
      sessionTypes: { whatsappVoice: { enabled: true, price: 0, duration: 30 } },
      profileImageUrl: hunter.profileImageUrl,
    });
  });
});
