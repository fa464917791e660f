import { CONTACT_CATEGORIES, type ContactCategory, type ContactInput } from '@hunted/contracts';
import { Transform } from 'class-transformer';
import { Allow, isEmail, registerDecorator } from 'class-validator';

export const CONTACT_LIMITS = { name: 255, email: 255, subject: 500, message: 5000 } as const;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * One rule, one message per field: a value that is missing, not text, or too short all get the spec's message,
 * so the form shows the sentence a person can act on rather than a type error.
 */
function Rule(name: string, message: (value: unknown) => string | null) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message: (args) => message(args.value) ?? '' },
      validator: { validate: (value: unknown) => message(value) === null },
    });
}

function TextLength(label: string, min: number, max: number, tooShort: string) {
  return Rule(`${label.toLowerCase()}Length`, (value) => {
    if (typeof value !== 'string' || value.length < min) return tooShort;
    if (value.length > max) return `${label} must be at most ${max} characters`;
    return null;
  });
}

export class ContactInputDto implements ContactInput {
  @Transform(trimmed)
  @TextLength('Name', 2, CONTACT_LIMITS.name, 'Name must be at least 2 characters')
  name: string;

  @Transform(trimmed)
  @Rule('contactEmail', (value) => {
    if (typeof value === 'string' && value.length > CONTACT_LIMITS.email) {
      return `Email must be at most ${CONTACT_LIMITS.email} characters`;
    }
    return typeof value === 'string' && isEmail(value) ? null : 'Please enter a valid email address';
  })
  email: string;

  @Transform(trimmed)
  @TextLength('Subject', 5, CONTACT_LIMITS.subject, 'Subject must be at least 5 characters')
  subject: string;

  /** The spec's default when the form sends none. */
  @Rule('contactCategory', (value) =>
    (CONTACT_CATEGORIES as readonly unknown[]).includes(value)
      ? null
      : `Category must be one of: ${CONTACT_CATEGORIES.join(', ')}`,
  )
  category: ContactCategory = 'general';

  @Transform(trimmed)
  @TextLength('Message', 10, CONTACT_LIMITS.message, 'Message must be at least 10 characters')
  message: string;

  /**
   * The honeypot (CONTACT_HONEYPOT_FIELD). Any value is allowed through validation, so that a bot learns
   * nothing from a 400; ContactService drops a submission that carries one.
   */
  @Allow()
  website?: unknown;
}

/** Whether a bot filled the honeypot: anything but absent, null or blank. */
export function honeypotFilled(input: Pick<ContactInputDto, 'website'>): boolean {
  const value = input.website;
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}
