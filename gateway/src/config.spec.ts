import { generateInternalKeyPair } from '@hunted/platform';
import { refusalOf } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { gatewayEnvSchema, loadConfig } from './config.js';

const keys = generateInternalKeyPair();
const KEYS = { INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey, INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey };
const PRODUCTION = {
  ...KEYS,
  NODE_ENV: 'production',
  REDIS_URL: 'rediss://:pw@redis.internal:6380',
  PUBLIC_URL: 'https://hunted.example.com',
  IDENTITY_URL: 'http://identity:3001',
  BRANDS_URL: 'http://brands:3002',
  REVIEWS_URL: 'http://reviews:3003',
  HUNTERS_URL: 'http://hunters:3004',
  BOOKINGS_URL: 'http://bookings:3005',
  MESSAGING_URL: 'http://messaging:3006',
  OPERATOR_NAME: 'Hunted Ltd',
  OPERATOR_ADDRESS: '1 High Street, London EC1A 1AA',
  OPERATOR_EMAIL: 'legal@hunted.example.com',
};

describe('gateway configuration', () => {
  it('needs its key pair, and nothing else, in development', () => {
    expect(loadConfig(KEYS).PORT).toBe(8080);
    const message = refusalOf(loadConfig, {});
    expect(message).toMatch(/INTERNAL_AUTH_PRIVATE_KEY: must be set/);
    expect(message).toMatch(/INTERNAL_AUTH_PUBLIC_KEY: must be set/);
  });

  it('refuses a private key that is not the public key’s pair', () => {
    expect(refusalOf(loadConfig, { ...KEYS, INTERNAL_AUTH_PUBLIC_KEY: generateInternalKeyPair().publicKey })).toMatch(
      /INTERNAL_AUTH_PRIVATE_KEY: is not the private half of INTERNAL_AUTH_PUBLIC_KEY/,
    );
  });

  it('refuses a public key given as the private one', () => {
    expect(refusalOf(loadConfig, { ...KEYS, INTERNAL_AUTH_PRIVATE_KEY: keys.publicKey })).toMatch(
      /INTERNAL_AUTH_PRIVATE_KEY: must be an Ed25519 private key/,
    );
  });

  it('starts in production with explicit values (and needs no database)', () => {
    expect(loadConfig(PRODUCTION).PUBLIC_URL).toBe('https://hunted.example.com');
  });

  it('has development placeholders for the operator the legal pages name, and takes the real ones', () => {
    expect(loadConfig(KEYS)).toMatchObject({
      OPERATOR_NAME: 'Hunted Ltd (development)',
      OPERATOR_EMAIL: 'legal@hunted.example',
    });
    expect(loadConfig(PRODUCTION)).toMatchObject({
      OPERATOR_NAME: 'Hunted Ltd',
      OPERATOR_ADDRESS: '1 High Street, London EC1A 1AA',
    });
    expect(refusalOf(loadConfig, { ...KEYS, OPERATOR_EMAIL: 'not an address' })).toMatch(/OPERATOR_EMAIL/);
  });

  it('refuses an http:// PUBLIC_URL in production', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, PUBLIC_URL: 'http://hunted.example.com' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ address in production/,
    );
  });

  it('refuses a REDIS_URL without a password, or with the compose default one, in production', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, REDIS_URL: 'redis://redis.internal:6379' })).toMatch(
      /REDIS_URL: must include a password in production/,
    );
    expect(
      refusalOf(loadConfig, { ...PRODUCTION, REDIS_URL: 'redis://hunted-gateway:hunted_gateway@redis:6379' }),
    ).toMatch(/REDIS_URL: carries a development password from docker-compose\.yml/);
  });

  it('names every variable production needs and was not given, at once', () => {
    const message = refusalOf(loadConfig, { ...KEYS, NODE_ENV: 'production' });
    const named = [...message.matchAll(/^ {2}- ([A-Z_]+):/gm)].map((match) => match[1]);
    expect(named).toEqual([
      'REDIS_URL',
      'PUBLIC_URL',
      'IDENTITY_URL',
      'BRANDS_URL',
      'REVIEWS_URL',
      'HUNTERS_URL',
      'BOOKINGS_URL',
      'MESSAGING_URL',
      'OPERATOR_NAME',
      'OPERATOR_ADDRESS',
      'OPERATOR_EMAIL',
    ]);
  });
});

const parse = (env: Record<string, string>) => gatewayEnvSchema.safeParse({ NODE_ENV: 'test', ...KEYS, ...env });

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes true, false or a list of proxies', () => {
    expect(parse({}).data?.TRUST_PROXY).toBe(false);
    expect(parse({ TRUST_PROXY: 'true' }).data?.TRUST_PROXY).toBe(true);
    expect(parse({ TRUST_PROXY: 'false' }).data?.TRUST_PROXY).toBe(false);
    expect(parse({ TRUST_PROXY: 'uniquelocal, 100.64.0.0/10,::1' }).data?.TRUST_PROXY).toEqual([
      'uniquelocal',
      '100.64.0.0/10',
      '::1',
    ]);
  });

  it('refuses a hop count, which Fastify 5 would silently treat as "trust nobody"', () => {
    const result = parse({ TRUST_PROXY: '1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/hop count .* not supported: name the proxies/);
  });

  it('refuses an address that is not one', () => {
    expect(parse({ TRUST_PROXY: '10.0.0.0/99' }).success).toBe(false);
    expect(parse({ TRUST_PROXY: 'ingress-nginx' }).success).toBe(false);
  });
});

describe('SESSION_CACHE_TTL_MS', () => {
  it('keeps an ended session (a sign-out, a deleted account) vouched for a few seconds at most', () => {
    expect(parse({}).data?.SESSION_CACHE_TTL_MS).toBe(5_000);
    expect(parse({ SESSION_CACHE_TTL_MS: '30000' }).success).toBe(true);
    expect(parse({ SESSION_CACHE_TTL_MS: '600000' }).success).toBe(false);
  });
});

describe('UPSTREAM_IDLE_TIMEOUT_MS', () => {
  it('defaults to 4 s and must stay under the time a stopping service waits for idle connections (and so its keep-alive)', () => {
    expect(parse({}).data?.UPSTREAM_IDLE_TIMEOUT_MS).toBe(4_000);
    expect(parse({ UPSTREAM_IDLE_TIMEOUT_MS: '5000' }).success).toBe(true);
    expect(parse({ UPSTREAM_IDLE_TIMEOUT_MS: '5001' }).error?.issues[0]?.message).toMatch(/stopping service waits/);
    expect(parse({ UPSTREAM_IDLE_TIMEOUT_MS: '72000' }).error?.issues[0]?.message).toMatch(/stopping service waits/);
  });
});

describe('limits', () => {
  it('default to 1 MB bodies (8 MB for the profile edit) and 5 / 200 contact messages an hour', () => {
    const config = parse({}).data;
    expect(config?.BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(config?.PROFILE_BODY_LIMIT_BYTES).toBe(8 * 1024 * 1024);
    expect(config?.RATE_LIMIT_CONTACT_PER_HOUR).toBe(5);
    expect(config?.RATE_LIMIT_CONTACT_TOTAL_PER_HOUR).toBe(200);
  });

  it('default to 10 open sockets a member and 100 an address, 30 upgrades a minute a member and 120 an address', () => {
    const config = parse({}).data;
    expect(config?.SOCKETS_PER_MEMBER).toBe(10);
    expect(config?.SOCKETS_PER_ADDRESS).toBe(100);
    expect(config?.RATE_LIMIT_SOCKET_UPGRADES_PER_MINUTE).toBe(30);
    expect(config?.RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE).toBe(120);
    expect(config?.SOCKET_COUNT_TTL_MS).toBe(90_000);
    expect(parse({ SOCKETS_PER_MEMBER: '0' }).success).toBe(false);
    expect(parse({ SOCKET_COUNT_TTL_MS: '10' }).success).toBe(false);
  });
});

describe('BOOKINGS_URL and MESSAGING_URL', () => {
  it('take one address or a comma-separated list of replicas', () => {
    expect(parse({}).data?.BOOKINGS_URL).toEqual(['http://127.0.0.1:3005']);
    expect(parse({ MESSAGING_URL: 'http://messaging:3006' }).data?.MESSAGING_URL).toEqual(['http://messaging:3006']);
    expect(parse({ BOOKINGS_URL: 'http://127.0.0.1:3005, http://127.0.0.1:3015,' }).data?.BOOKINGS_URL).toEqual([
      'http://127.0.0.1:3005',
      'http://127.0.0.1:3015',
    ]);
  });

  it('refuses an empty list, an address that is not http(s), and the same replica twice', () => {
    for (const value of ['', ' , ', 'http://a:3005,ftp://b:3005', 'http://a:3005,http://a:3005']) {
      expect(parse({ BOOKINGS_URL: value }).success, value).toBe(false);
    }
    expect(refusalOf(loadConfig, { ...KEYS, BOOKINGS_URL: 'http://a:3005,http://a:3005' })).toMatch(
      /BOOKINGS_URL.*same address twice/,
    );
  });
});
