import { describe, expect, it } from 'vitest';
import { editEmail, editEmailText, type EditEmailInput } from './edit-email-content.js';

function input(overrides: Partial<EditEmailInput> = {}): EditEmailInput {
  return {
    emailId: '9',
    kind: 'edit_sent',
    editId: 4,
    hunterName: 'Sofia the Hunter',
    title: 'Your autumn edit',
    recipient: { email: 'cleo@example.com', firstName: 'Cleo', name: 'Cleo Client' },
    publicUrl: 'https://hunted.example.com/',
    mailFrom: 'Hunted <no-reply@hunted.example.com>',
    ...overrides,
  };
}

describe('Hunter Edit email texts', () => {
  it('tells the client an edit arrived, with the link to My bookings', () => {
    const { subject, text } = editEmailText(input());
    expect(subject).toBe('Sofia the Hunter sent you an edit: Your autumn edit');
    expect(text).toContain('Hi Cleo,');
    expect(text).toContain('https://hunted.example.com/my-bookings#edits');
  });

  it('asks the client to consent to publishing, saying what would show and that it stays private otherwise', () => {
    const { subject, text } = editEmailText(input({ kind: 'publish_requested' }));
    expect(subject).toBe('Sofia the Hunter would like to publish your edit');
    expect(text).toContain('never your name or your booking');
    expect(text).toContain('Answer on My bookings:\nhttps://hunted.example.com/my-bookings#edits');
  });

  it('addresses the member with a Message-ID fixed by the row', () => {
    const email = editEmail(input({ recipient: { email: 'x@example.com', firstName: null, name: 'x@example.com' } }));
    expect(email.to).toEqual({ name: 'x@example.com', address: 'x@example.com' });
    expect(email.messageId).toBe('<edit-email-9@hunted.example.com>');
    expect(email.text).toMatch(/^Hello,/);
    expect(email.headers).toMatchObject({ 'X-Hunted-Edit': '4', 'X-Hunted-Email-Kind': 'edit_sent' });
  });
});
