import { describe, expect, it } from 'vitest';
import { EmailTemplates, isSkip, type EmailTemplate } from './email-templates.js';

function template(kinds: readonly string[]): EmailTemplate {
  return {
    kinds,
    retries: () => ({ attempts: 1, backoffMs: 1 }),
    compose: () => Promise.resolve({ skip: 'never sent' }),
  };
}

describe('the email template registry', () => {
  it('finds each kind its template registered', () => {
    const templates = new EmailTemplates();
    const booking = template(['confirmation', 'refund']);
    const contact = template(['contact_submission']);
    templates.register(booking);
    templates.register(contact);
    expect(templates.of('refund')).toBe(booking);
    expect(templates.of('contact_submission')).toBe(contact);
  });

  it('refuses a kind registered twice and a kind nobody registered', () => {
    const templates = new EmailTemplates();
    templates.register(template(['edit_sent']));
    expect(() => templates.register(template(['edit_sent']))).toThrow('two email templates for the kind edit_sent');
    expect(() => templates.of('message_nudge')).toThrow('no email template for the kind message_nudge');
  });

  it('tells a skip from a mail', () => {
    expect(isSkip({ skip: 'read' })).toBe(true);
    expect(isSkip({ to: 'a@example.com', subject: 'Hi' })).toBe(false);
  });
});
