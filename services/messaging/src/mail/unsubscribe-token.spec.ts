import { describe, expect, it } from 'vitest';
import { withUnsubscribe } from './optional-email.js';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'a-test-secret-of-thirty-two-characters!!';

describe('unsubscribe tokens', () => {
  it('carry the member and the kind, and verify under the same secret only', () => {
    const token = unsubscribeToken(SECRET, { userId: 'user-ada', kind: 'message-nudges' });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ userId: 'user-ada', kind: 'message-nudges' });
    expect(verifyUnsubscribeToken(`${SECRET}x`, token)).toBeNull();
  });

  it('refuses an altered payload, an altered mac, and anything not a token', () => {
    const token = unsubscribeToken(SECRET, { userId: 'user-ada', kind: 'message-nudges' });
    const [payload, mac] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ u: 'user-bob', k: 'message-nudges' })).toString('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${otherPayload}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const junk of [undefined, '', 'abc', `${payload}.`, `.${mac}`, `${token}.x`]) expect(verifyUnsubscribeToken(SECRET, junk)).toBeNull();
  });

  it('refuses a correctly signed token for a kind that is not optional', () => {
    const payload = Buffer.from(JSON.stringify({ u: 'user-ada', k: 'confirmation' })).toString('base64url');
    const signed = unsubscribeToken(SECRET, { userId: 'user-ada', kind: 'news' });
    expect(verifyUnsubscribeToken(SECRET, `${payload}.${signed.split('.')[1]}`)).toBeNull();
  });
});

describe('an optional email as it goes out', () => {
  const mail = withUnsubscribe(
    { subject: 'New message', text: 'Hi Ada,\n\nYou have a message.', headers: { 'X-Hunted-Email-Kind': 'message-nudge' } },
    { userId: 'user-ada', kind: 'message-nudges' },
    { PUBLIC_URL: 'https://hunted.test/', UNSUBSCRIBE_TOKEN_SECRET: SECRET, UNSUBSCRIBE_MAILTO: 'unsubscribe@hunted.local' },
  );
  const token = unsubscribeToken(SECRET, { userId: 'user-ada', kind: 'message-nudges' });

  it('carries List-Unsubscribe (https and mailto) and the one-click header, keeping its own', () => {
    expect(mail.headers).toEqual({
      'X-Hunted-Email-Kind': 'message-nudge',
      'List-Unsubscribe': `<https://hunted.test/api/email-preferences/unsubscribe?token=${token}>, <mailto:unsubscribe@hunted.local?subject=unsubscribe%20${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('says why in a footer, in the text and in html, with both links', () => {
    expect(mail.text).toContain("You're getting this because message nudges are on for your Hunted account.");
    expect(mail.text).toContain(`Unsubscribe from these emails: https://hunted.test/unsubscribe?token=${token}`);
    expect(mail.text).toContain('Email preferences: https://hunted.test/edit-profile#email-preferences');
    expect(mail.html).toContain(`<a href="https://hunted.test/unsubscribe?token=${token}">Unsubscribe from these emails</a>`);
    expect(mail.html).toContain('<a href="https://hunted.test/edit-profile#email-preferences">Email preferences</a>');
    expect(mail.html).toContain('You&#39;re getting this because message nudges are on');
  });
});
