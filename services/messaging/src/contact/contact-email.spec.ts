import { describe, expect, it } from 'vitest';
import { contactEmail } from './contact-email.js';
import type { ContactSubmissionRecord } from './contact-submission.repository.js';

function submission(overrides: Partial<ContactSubmissionRecord> = {}): ContactSubmissionRecord {
  return {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'Partnering with Hunted',
    category: 'partnership',
    message: 'Hello,\nwe make shoes in Porto.',
    status: 'new',
    createdAt: new Date('2025-03-01T10:00:00Z'),
    updatedAt: new Date('2025-03-01T10:00:00Z'),
    ...overrides,
  };
}

const settings = { supportEmail: 'help@hunted.test', mailFrom: 'Hunted <no-reply@hunted.test>' };

describe('contactEmail', () => {
  it('goes to support, from the site, with Reply-To the sender', () => {
    const mail = contactEmail(submission(), settings);
    expect(mail).toMatchObject({
      from: 'Hunted <no-reply@hunted.test>',
      to: 'help@hunted.test',
      replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' },
      subject: '[Hunted contact #7] Partnership Opportunity: Partnering with Hunted',
      messageId: '<contact-submission-7@hunted.test>',
    });
  });

  it('carries every field in a plain text body', () => {
    const { text } = contactEmail(submission(), settings);
    expect(text).toContain('Name: Ada Lovelace');
    expect(text).toContain('Email: ada@example.com');
    expect(text).toContain('Category: Partnership Opportunity');
    expect(text).toContain('Subject: Partnering with Hunted');
    expect(text).toContain('Received: 2025-03-01T10:00:00.000Z');
    expect(text).toContain('Message:\nHello,\nwe make shoes in Porto.');
  });

  it('keeps header fields on one line', () => {
    const mail = contactEmail(submission({ name: 'Ada\r\nBcc: x@evil.test', subject: 'Line one\nline two' }), settings);
    expect(mail.subject).toBe('[Hunted contact #7] Partnership Opportunity: Line one line two');
    expect(mail.replyTo).toEqual({ name: 'Ada Bcc: x@evil.test', address: 'ada@example.com' });
  });
});
