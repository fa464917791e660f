/** What the kit needs of a contracts schema (a zod schema): whether values pass, and the problems when not. */
export interface FieldSchema {
  safeParse(
    values: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A form's `validate` from the schema the server reads the same body with (`@hunted/contracts`): the first message
 * of each field, named as the server's 400 names it (`a.b` for a nested one), so the form shows the server's texts
 * before sending.
 */
export function schemaErrors<F extends string>(schema: FieldSchema, values: unknown): Partial<Record<F, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') as F;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
