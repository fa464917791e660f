import { describe, expect, it } from 'vitest';
import { messageNudgeEmail, type MessageNudgeInput } from './message-nudge-email.js';

function input(overrides: Partial<MessageNudgeInput> = {}): MessageNudgeInput {
  return {
    conversationId: 'c0ffee',
    to: 'sofia@example.com',
    firstName: 'Sofia',
    senderName: 'Ada Lovelace',
    content: 'Are you free on Friday?',
    publicUrl: 'https://hunted.test',
    mailFrom: 'Hunted <no-reply@hunted.test>',
    ...overrides,
  };
}

describe('the unread-message email', () => {
  it('names the sender, quotes the message and links to the conversation', () => {
    const mail = messageNudgeEmail(input());
    expect(mail).toMatchObject({
      from: 'Hunted <no-reply@hunted.test>',
      to: 'sofia@example.com',
      subject: 'New message from Ada Lovelace',
      headers: { 'X-Hunted-Conversation': 'c0ffee', 'X-Hunted-Email-Kind': 'message-nudge' },
    });
    expect(mail.text).toBe(
      [
        'Hi Sofia,',
        '',
        'Ada Lovelace sent you a message on Hunted:',
        '',
        '"Are you free on Friday?"',
        '',
        'Read and reply: https://hunted.test/messages?conversation=c0ffee',
        '',
        'You get at most one email an hour about each conversation, and none once you have read it.',
      ].join('\n'),
    );
  });

  it('greets a member without a first name, and cuts a long message to 200 characters', () => {
    const mail = messageNudgeEmail(input({ firstName: null, content: `${'word '.repeat(60)}end` }));
    expect(mail.text).toMatch(/^Hi there,/);
    const quoted = /"(.*)"/.exec(String(mail.text))![1]!;
    expect(quoted).toHaveLength(200);
    expect(quoted.endsWith('…')).toBe(true);
  });
});
