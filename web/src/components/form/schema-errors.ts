import { messagesForFields } from '@/lib/field-errors';

/** A contracts schema, as far as a form uses it (typed by shape: the web app does not import zod itself). */
export interface InputSchema {
  safeParse(input: unknown): { error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
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
  const errors: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return messagesForFields(errors, fields);
}
