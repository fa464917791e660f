import { contactInputSchema, type ContactCategory, type ContactInput } from '@hunted/contracts';
import { schemaErrors } from '@/components/form/schema-errors';

export type ContactField = keyof ContactInput;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'category', 'message'];

export const emptyContactValues = (): ContactInput => ({
  name: '',
  email: '',
  subject: '',
  category: 'general' satisfies ContactCategory,
  message: '',
});

/** The spec's rules and messages (section 5), checked with the schema the server reads the message with. */
export function validateContact(values: ContactInput): ContactErrors {
  return schemaErrors<ContactField>(contactInputSchema, values);
}
