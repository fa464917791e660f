import { CONTACT_MAX_LENGTHS } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { emptyContactValues, validateContact } from './contact-form-values';

const valid = {
  ...emptyContactValues(),
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'A brand to add',
  message: 'Please add Maison Rose, they make lovely linen.',
};

describe('validateContact (the server’s schema, checked before sending)', () => {
  it('accepts a valid message, spaces around it included', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, name: '  Ada  ', email: ' ada@example.com ' })).toEqual({});
  });

  it('names every empty field with the spec’s message', () => {
    expect(validateContact(emptyContactValues())).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  it('gives the server’s limits and texts', () => {
    expect(validateContact({ ...valid, name: '   A   ', email: 'ada@example' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
    expect(validateContact({ ...valid, message: 'x'.repeat(CONTACT_MAX_LENGTHS.message + 1) })).toEqual({
      message: 'Message must be at most 5000 characters',
    });
    expect(validateContact({ ...valid, subject: 'x'.repeat(501) })).toEqual({
      subject: 'Subject must be at most 500 characters',
    });
  });
});
