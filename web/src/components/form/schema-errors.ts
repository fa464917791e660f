import { messagesForFields } from '@/lib/field-errors';

/** A contracts schema, as far as a form uses it (typed by shape: the web app does not import zod itself). */
export interface InputSchema {
  safeParse(input: unknown): { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Every field the schema refuses in `input`, with its first message, named as the server's 400 names it (`a.b`). */
function firstMessages(schema: InputSchema, input: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    const field = issue.path.map(String).join('.');
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form's `validate` from the schema the server reads the same body with (`@hunted/contracts`): the first message
 * of each field, so the form shows the server's texts before sending.
 */
export function schemaErrors<F extends string>(schema: InputSchema, values: unknown): Partial<Record<F, string>> {
  return firstMessages(schema, values) as Partial<Record<F, string>>;
}

/**
 * What the service would answer for `input`, checked here with the same contracts schema: each of the form's
 * `fields` that breaks a rule, with the rule's message (the first one, as the server's 400 `errors` name it). A form
 * shows them as it shows the server's, beside the fields.
 */
export function schemaFieldErrors<F extends string>(
  schema: InputSchema,
  input: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  return messagesForFields(firstMessages(schema, input), fields);
}
