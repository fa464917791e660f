import { productionServiceEnv, refusalOf, TEST_KEY_ENV } from '@hunted/platform/testing';
import { describe, expect, it } from 'vitest';
import { DEV_SMTP_URL, DEV_UNSUBSCRIBE_TOKEN_SECRET, loadConfig } from './config.js';

const KEY = TEST_KEY_ENV;
const PRODUCTION = productionServiceEnv('messaging', {
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  SUPPORT_EMAIL: 'support@hunted.example.com',
  MAIL_FROM: 'Hunted <no-reply@hunted.example.com>',
  PUBLIC_URL: 'https://hunted.example.com',
  UNSUBSCRIBE_TOKEN_SECRET: 'a-production-secret-of-thirty-two-or-more-characters',
  OPERATOR_NAME: 'Hunted Ltd',
  OPERATOR_ADDRESS: '1 High Street, London EC1A 1AA',
  OPERATOR_EMAIL: 'legal@hunted.example.com',
});

describe('messaging configuration', () => {
  it('defaults to the local mail catcher and the example support inbox', () => {
    expect(loadConfig(KEY)).toMatchObject({
      SMTP_URL: DEV_SMTP_URL,
      SUPPORT_EMAIL: 'support@hunted.example',
      MAIL_FROM: 'Hunted <no-reply@hunted.example>',
      CONTACT_EMAIL_ATTEMPTS: 12,
      PUBLIC_URL: 'http://localhost:8080',
      BOOKING_EMAIL_ATTEMPTS: 12,
      BOOKING_EMAIL_SWEEP_MS: 60_000,
    });
  });

  it('names a placeholder operator on receipts in development, and refuses an operator email that is none', () => {
    expect(loadConfig(KEY)).toMatchObject({
      OPERATOR_NAME: 'Hunted Ltd (development)',
      OPERATOR_EMAIL: 'legal@hunted.example',
    });
    expect(loadConfig(KEY).OPERATOR_ADDRESS).toMatch(/development placeholder/);
    expect(refusalOf(loadConfig, { ...KEY, OPERATOR_EMAIL: 'not an address' })).toMatch(/OPERATOR_EMAIL/);
  });

  it("coalesces a booking's change emails inside 2 minutes by default; 0 turns it off, a negative is refused", () => {
    expect(loadConfig(KEY).BOOKING_EMAIL_COALESCE_MS).toBe(120_000);
    expect(loadConfig({ ...KEY, BOOKING_EMAIL_COALESCE_MS: '0' }).BOOKING_EMAIL_COALESCE_MS).toBe(0);
    expect(refusalOf(loadConfig, { ...KEY, BOOKING_EMAIL_COALESCE_MS: '-1' })).toMatch(/BOOKING_EMAIL_COALESCE_MS/);
  });

  it('takes 500 messages a conversation a day and gives a socket 10 s to join, unless told otherwise', () => {
    expect(loadConfig(KEY)).toMatchObject({ MESSAGES_PER_CONVERSATION_PER_DAY: 500, SOCKET_CONNECT_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ ...KEY, MESSAGES_PER_CONVERSATION_PER_DAY: '50' }).MESSAGES_PER_CONVERSATION_PER_DAY).toBe(50);
  });

  it('refuses a non-SMTP URL and a bad support address, naming them', () => {
    expect(() => loadConfig({ ...KEY, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...KEY, SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe('messaging configuration: your data', () => {
  it('signs unsubscribe links with a development secret, keeps email bodies 90 days and names a mailto by default', () => {
    expect(loadConfig(KEY)).toMatchObject({
      UNSUBSCRIBE_TOKEN_SECRET: DEV_UNSUBSCRIBE_TOKEN_SECRET,
      UNSUBSCRIBE_MAILTO: 'unsubscribe@hunted.local',
      EMAIL_BODY_RETENTION_DAYS: 90,
    });
    expect(refusalOf(loadConfig, { ...KEY, UNSUBSCRIBE_TOKEN_SECRET: 'short' })).toMatch(/UNSUBSCRIBE_TOKEN_SECRET/);
  });

  it('refuses the development unsubscribe secret in production', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, UNSUBSCRIBE_TOKEN_SECRET: DEV_UNSUBSCRIBE_TOKEN_SECRET })).toMatch(
      /UNSUBSCRIBE_TOKEN_SECRET: is the development value/,
    );
  });
});

describe('messaging configuration in production', () => {
  it('starts with a real mail server, inbox and sender', () => {
    expect(loadConfig(PRODUCTION).SMTP_URL).toBe('smtps://u:p@smtp.example.com:465');
  });

  it.each(['SMTP_URL', 'SUPPORT_EMAIL', 'MAIL_FROM', 'PUBLIC_URL', 'DATABASE_URL', 'REDIS_URL', 'UNSUBSCRIBE_TOKEN_SECRET',
    'OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'] as const)(
    'refuses to start without %s',
    (name) => {
      const env: NodeJS.ProcessEnv = { ...PRODUCTION };
      delete env[name];
      expect(refusalOf(loadConfig, env)).toMatch(new RegExp(`${name}: must be set in production`));
    },
  );

  it('refuses an http:// PUBLIC_URL, which would put plain-http links in emails', () => {
    expect(refusalOf(loadConfig, { ...PRODUCTION, PUBLIC_URL: 'http://hunted.example.com' })).toMatch(
      /PUBLIC_URL: must be an https:\/\/ address in production/,
    );
  });

  it('refuses the development inbox and sender, naming both', () => {
    const message = refusalOf(loadConfig, {
      ...PRODUCTION,
      SUPPORT_EMAIL: 'support@hunted.example',
      MAIL_FROM: 'Hunted <no-reply@hunted.example>',
    });
    expect(message).toMatch(/SUPPORT_EMAIL: is the development value/);
    expect(message).toMatch(/MAIL_FROM: is the development value/);
  });
});
