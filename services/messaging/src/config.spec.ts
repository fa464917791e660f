import { InvalidEnvironmentError } from '@hunted/platform';
import { describe, expect, it } from 'vitest';
import { DEV_SMTP_URL, loadConfig } from './config.js';

describe('messaging configuration', () => {
  it('defaults to the local mail catcher and the example support inbox', () => {
    expect(loadConfig({})).toMatchObject({
      SMTP_URL: DEV_SMTP_URL,
      SUPPORT_EMAIL: 'support@hunted.example',
      MAIL_FROM: 'Hunted <no-reply@hunted.example>',
      CONTACT_EMAIL_ATTEMPTS: 12,
    });
  });

  it('refuses a non-SMTP URL and a bad support address, naming them', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('requires SMTP_URL in production', () => {
    const production = { NODE_ENV: 'production', INTERNAL_AUTH_SECRET: 'a-real-secret-0123456789abcdef0123456789' };
    expect(() => loadConfig(production)).toThrow(InvalidEnvironmentError);
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.com:465',
    );
  });
});
