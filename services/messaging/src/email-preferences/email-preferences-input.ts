import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from '@hunted/contracts';
import { BadRequestException } from '@nestjs/common';

/**
 * The body of `PUT /api/email-preferences`: some of the optional kinds, each true or false. Anything else is refused
 * with a sentence naming it (and nothing is changed).
 */
export function parsePreferenceChanges(body: unknown): Partial<Record<OptionalEmailKind, boolean>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw refusal('body', 'Send an object of email kinds, each true or false.');
  const changes: Partial<Record<OptionalEmailKind, boolean>> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!(OPTIONAL_EMAIL_KINDS as readonly string[]).includes(key))
      throw refusal(key, `"${key}" is not a kind of email you can turn off. The kinds are ${OPTIONAL_EMAIL_KINDS.join(', ')}.`);
    if (typeof value !== 'boolean') throw refusal(key, `"${key}" must be true or false.`);
    changes[key as OptionalEmailKind] = value;
  }
  return changes;
}

function refusal(field: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: { [field]: message } });
}
