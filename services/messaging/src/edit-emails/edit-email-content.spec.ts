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

  it("tells the day's hunter it is their Hunter's Pick, with the day and the way to the dashboard", () => {
    const email = editEmail(input({ kind: 'pick_chosen', editId: null, title: '2026-11-27', recipient: { email: 's@example.com', firstName: 'Sofia', name: 'Sofia' } }));
    expect(email.subject).toBe("Today is your Hunter's Pick");
    expect(email.text).toContain("You are today's Hunter's Pick on Hunted (Friday, 27 November 2026).");
    expect(email.text).toContain('Make your pick on your dashboard:\nhttps://hunted.example.com/hunter-dashboard');
    expect(email.headers).toEqual({ 'X-Hunted-Email-Kind': 'pick_chosen' });
  });
});
