import { productionServiceEnv, refusalOf, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { callbackUrlOf, isAdminEmail, loadConfig } from './config.js';

const KEY = TEST_KEY_ENV;
/** A production identity with every variable in order. */
const PRODUCTION = productionServiceEnv('identity', {
  OIDC_ISSUER_URL: 'https://login.example.com',
  OIDC_CLIENT_ID: 'hunted',
  OIDC_CLIENT_SECRET: 'a-client-secret-from-the-provider',
  PUBLIC_URL: 'https://hunted.example.com',
  SESSION_SECRET: 'a-real-session-secret-0123456789abcdef',
});

function without(name: keyof typeof PRODUCTION): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...PRODUCTION };
  delete env[name];
  return env;
}

describe('identity config', () => {
  it('has development defaults matching the dev provider', () => {
    const config = loadConfig(KEY);
    expect(config).toMatchObject({
      OIDC_ISSUER_URL: 'http://localhost:3100',
      OIDC_CLIENT_ID: 'hunted-dev',
      OIDC_CLIENT_SECRET: 'hunted-dev-secret',
      PUBLIC_URL: 'http://localhost:8080',
      SESSION_TTL_DAYS: 7,
      ADMIN_EMAILS: ['admin@hunted.example'],
    });
    expect(config.OIDC_INTERNAL_URL).toBeUndefined();
    expect(callbackUrlOf(config)).toBe('http://localhost:8080/api/callback');
  });

  it('matches admin emails case-insensitively', () => {
    const config = loadConfig({ ...KEY, ADMIN_EMAILS: ' Boss@Example.test ,second@example.test' });
    expect(isAdminEmail(config, 'boss@example.TEST')).toBe(true);
    expect(isAdminEmail(config, 'admin@hunted.example')).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ ...KEY, SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...KEY, OIDC_ISSUER_URL: 'not a url' })).toThrow(/OIDC_ISSUER_URL/);
  });
});

describe('identity config in production', () => {
  it('starts with real values, and has no admins unless named', () => {
    expect(loadConfig(PRODUCTION).ADMIN_EMAILS).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, ADMIN_EMAILS: 'boss@example.com' }).ADMIN_EMAILS).toEqual(['boss@example.com']);
  });

  it.each([
    ['SESSION_SECRET', /SESSION_SECRET: must be set in production/],
    [
      'OIDC_ISSUER_URL',
      /OIDC_ISSUER_URL: must be set in production \(the default is the development sign-in provider\)/,
    ],
    ['OIDC_CLIENT_ID', /OIDC_CLIENT_ID: must be set in production/],
    ['OIDC_CLIENT_SECRET', /OIDC_CLIENT_SECRET: must be set in production/],
    ['PUBLIC_URL', /PUBLIC_URL: must be set in production/],
    ['DATABASE_URL', /DATABASE_URL: must be set in production/],
    ['REDIS_URL', /REDIS_URL: must be set in production/],
    ['INTERNAL_AUTH_PUBLIC_KEY', /INTERNAL_AUTH_PUBLIC_KEY: must be set/],
  ] as const)('refuses to start without %s', (name, message) => {
    expect(refusalOf(loadConfig, without(name))).toMatch(message);
  });

  it('refuses the development secret and client', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, SESSION_SECRET: 'dev-only-session-secret-change-me-00000000' })).toMatch(
      /SESSION_SECRET: is the development value/,
    );
    expect(refusalOf(loadConfig, { ...PRODUCTION, OIDC_CLIENT_ID: 'hunted-dev' })).toMatch(
      /OIDC_CLIENT_ID: is the development value/,
    );
    expect(refusalOf(loadConfig, { ...PRODUCTION, OIDC_CLIENT_SECRET: 'hunted-dev-secret' })).toMatch(
      /OIDC_CLIENT_SECRET: is the development value/,
    );
  });

  it('refuses an http:// issuer and PUBLIC_URL', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, OIDC_ISSUER_URL: 'http://login.example.com' })).toMatch(
      /OIDC_ISSUER_URL: must be an https:\/\/ address in production/,
    );
    expect(refusalOf(loadConfig, { ...PRODUCTION, PUBLIC_URL: 'http://hunted.example.com' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ address in production/,
    );
  });

  it('refuses a DATABASE_URL without a password', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, DATABASE_URL: 'postgres://hunted_identity@db.internal:5432/hunted' })).toMatch(
      /DATABASE_URL: must include a password in production/,
    );
  });

  it('refuses the development administrator among the admins', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, ADMIN_EMAILS: 'boss@example.com, Admin@Hunted.Example' })).toMatch(
      /ADMIN_EMAILS: lists admin@hunted.example, the development administrator/,
    );
  });

  it('names every offending variable at once', () => {
    const message = refusalOf(loadConfig, {
      NODE_ENV: 'production',
      OIDC_CLIENT_ID: 'hunted-dev',
      PUBLIC_URL: 'http://localhost:8080',
    });
    const named = [...message.matchAll(/^ {2}- ([A-Z_]+):/gm)].map((match) => match[1]);
    expect(named.sort()).toEqual(
      [
        'INTERNAL_AUTH_PUBLIC_KEY',
        'DATABASE_URL',
        'REDIS_URL',
        'OIDC_ISSUER_URL',
        'OIDC_CLIENT_ID',
        'OIDC_CLIENT_SECRET',
        'PUBLIC_URL',
        'SESSION_SECRET',
      ].sort(),
    );
  });
});
