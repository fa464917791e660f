import { describe, expect, it } from 'vitest';
import { vettingEmail, vettingEmailText, type VettingEmailInput } from './vetting-email-content.js';

function input(overrides: Partial<VettingEmailInput> = {}): VettingEmailInput {
  return {
    emailId: '12',
    decision: 'approve',
    hunterId: 7,
    hunterName: 'Sofia the Hunter',
    reason: null,
    recipient: { email: 'sofia@example.com', firstName: 'Sofia', name: 'Sofia Martinez' },
    publicUrl: 'https://hunted.example.com/',
    mailFrom: 'Hunted <no-reply@hunted.example.com>',
    ...overrides,
  };
}

describe('vetting email texts', () => {
  it('tells an approved hunter they are listed and links to the earnings tab to get paid', () => {
    const { subject, text } = vettingEmailText(input());
    expect(subject).toBe('Your Hunted profile is approved');
    expect(text).toContain('Hi Sofia,');
    expect(text).toContain('it is now listed on Hunted');
    expect(text).toContain('https://hunted.example.com/hunter-dashboard?tab=earnings');
  });

  it('gives a rejected hunter the reason and asks them to edit the profile to send it back for review', () => {
    const { subject, text } = vettingEmailText(input({ decision: 'reject', reason: '  Add a real photo  ' }));
    expect(subject).toBe('Your Hunted profile was not approved');
    expect(text).toContain('Reason: Add a real photo');
    expect(text).toContain(
      'Edit your profile to send it back for review:\nhttps://hunted.example.com/hunter-dashboard',
    );
  });

  it('gives a suspended hunter the reason, and tells a reinstated one they are listed again', () => {
    const suspended = vettingEmailText(input({ decision: 'suspend', reason: 'Abusive messages' }));
    expect(suspended.subject).toBe('Your Hunted profile is suspended');
    expect(suspended.text).toContain('Reason: Abusive messages');
    expect(suspended.text).toContain('closed to new messages');
    const reinstated = vettingEmailText(input({ decision: 'reinstate' }));
    expect(reinstated.subject).toBe('Your Hunted profile is reinstated');
    expect(reinstated.text).toContain('listed again');
    expect(reinstated.text).not.toContain('Reason:');
  });

  it('addresses the member with a Message-ID fixed by the row', () => {
    const email = vettingEmail(
      input({ recipient: { email: 'x@example.com', firstName: null, name: 'x@example.com' } }),
    );
    expect(email.to).toEqual({ name: 'x@example.com', address: 'x@example.com' });
    expect(email.messageId).toBe('<hunter-email-12@hunted.example.com>');
    expect(email.text).toMatch(/^Hello,/);
    expect(email.headers).toMatchObject({ 'X-Hunted-Email-Kind': 'vetting_approve' });
  });
});
