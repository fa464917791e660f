import type { ContactCategory, ContactInput } from '@hunted/contracts';
import { CONTACT_MIN_LENGTHS } from '@/config/constants';

export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'category', 'message'];

/** Lengths of the stored submission (spec section 3). */
export const CONTACT_MAX_LENGTHS = { name: 255, email: 255, subject: 500 } as const;

export const emptyContactValues = (): ContactInput => ({
  name: '',
  email: '',
  subject: '',
  category: 'general' satisfies ContactCategory,
  message: '',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's rules and messages (section 5), checked as the server will. */
export function validateContact(values: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  if (values.name.trim().length < CONTACT_MIN_LENGTHS.name) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (values.subject.trim().length < CONTACT_MIN_LENGTHS.subject) errors.subject = 'Subject must be at least 5 characters';
  if (values.message.trim().length < CONTACT_MIN_LENGTHS.message) {
    errors.message = 'Message must be at least 10 characters';
  }
  return errors;
}
