import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './input-rules.js';

// Cases checked against validator.js 13.15's isEmail (class-validator's @IsEmail), whose rule this keeps.
describe('isEmailAddress', () => {
  it.each([
    'ada@example.com',
    "o'brien@example.ie",
    'a+tag@example.co.uk',
    'a!b@example.com',
    'üser@example.com',
    'user@exämple.com',
    '"quoted"@example.com',
    'user@xn--bcher-kva.ch',
    `${'x'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    '',
    'not-an-email',
    'ada@example',
    'user@localhost',
    'user@127.0.0.1',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    `${'x'.repeat(65)}@example.com`,
    'user@sub-.example.com',
    'user@-example.com',
    'a@b_c.com',
    'a@example.c',
    'a@b.123',
    'a b@example.com',
    `a@${'b'.repeat(64)}.com`,
  ])('refuses %j', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});
