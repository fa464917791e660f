import { BadRequestException } from '@nestjs/common';
import { contactInputSchema, honeypotFilled, type ContactInputBody } from '@hunted/contracts';
import { SchemaPipe } from '@hunted/platform';
import { describe, expect, it } from 'vitest';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A question about brands',
  category: 'partnership',
  message: 'I would like to talk about a partnership.',
};

const pipe = new SchemaPipe(contactInputSchema);

async function validate(body: unknown): Promise<ContactInputBody> {
  return pipe.transform(body);
}

async function errorsOf(body: unknown): Promise<Record<string, string>> {
  try {
    await validate(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors: Record<string, string> }).errors;
  }
  throw new Error('expected a validation error');
}

describe('the contact form body (contactInputSchema)', () => {
  it('accepts a valid message, trimmed', async () => {
    const input = await validate({ ...valid, name: '  Ada  ', message: `  ${valid.message}\n` });
    expect(input).toMatchObject({ ...valid, name: 'Ada', message: valid.message });
  });

  it("defaults the category to 'general'", async () => {
    const { category, ...withoutCategory } = valid;
    expect(category).toBe('partnership');
    expect((await validate(withoutCategory)).category).toBe('general');
  });

  const longEmail = `${'a'.repeat(60)}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.com`;
  it.each([
    ['name', 'one letter', 'A', 'Name must be at least 2 characters'],
    ['name', 'one letter between spaces', '   A   ', 'Name must be at least 2 characters'],
    ['name', 'a number', 42, 'Name must be at least 2 characters'],
    ['name', '256 characters', 'x'.repeat(256), 'Name must be at most 255 characters'],
    ['email', 'no @', 'not-an-email', 'Please enter a valid email address'],
    ['email', 'empty', '', 'Please enter a valid email address'],
    ['email', 'over 255 characters', longEmail, 'Email must be at most 255 characters'],
    ['subject', '2 characters', 'Hi', 'Subject must be at least 5 characters'],
    ['subject', '501 characters', 'x'.repeat(501), 'Subject must be at most 500 characters'],
    [
      'category',
      'not in the list',
      'complaint',
      'Category must be one of: general, brand-submission, partnership, bug-report, feature-request, other',
    ],
    ['message', '9 characters', 'Too short', 'Message must be at least 10 characters'],
    ['message', '5001 characters', 'x'.repeat(5001), 'Message must be at most 5000 characters'],
  ])('refuses %s (%s) with its message', async (field, _case, value, message) => {
    expect(await errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('names every missing field', async () => {
    expect(await errorsOf({})).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  it('lets the honeypot through validation whatever it holds, and tells when it was filled', async () => {
    for (const website of ['https://spam.example', 42, ['x'], { a: 1 }]) {
      expect(honeypotFilled(await validate({ ...valid, website }))).toBe(true);
    }
    for (const website of [undefined, null, '', '   ']) {
      expect(honeypotFilled(await validate({ ...valid, website }))).toBe(false);
    }
  });

  it('refuses unknown fields', async () => {
    expect(await errorsOf({ ...valid, status: 'read' })).toEqual({ status: 'property status should not exist' });
  });
});
