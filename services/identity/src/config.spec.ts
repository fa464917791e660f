import { describe, expect, it } from 'vitest';
import { callbackUrlOf, isAdminEmail, loadConfig } from './config.js';

describe('identity config', () => {
  it('has development defaults matching the dev provider', () => {
    const config = loadConfig({});
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
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.test ,second@example.test' });
    expect(isAdminEmail(config, 'boss@example.TEST')).toBe(true);
    expect(isAdminEmail(config, 'admin@hunted.example')).toBe(false);
  });

  it('has no admins and demands real secrets in production', () => {
    const secrets = { INTERNAL_AUTH_SECRET: 'a-real-internal-secret-0123456789abcdef', NODE_ENV: 'production' };
    expect(() => loadConfig(secrets)).toThrow(/SESSION_SECRET must be set/);
    const config = loadConfig({ ...secrets, SESSION_SECRET: 'a-real-session-secret-0123456789abcdef' });
    expect(config.ADMIN_EMAILS).toEqual([]);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'not a url' })).toThrow(/OIDC_ISSUER_URL/);
  });
});
