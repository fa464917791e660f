import { z } from 'zod';

/** C0 controls (NUL, line breaks, tab, escape...), DEL and C1 controls: never part of a name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * A string schema that refuses control characters (a lone carriage return, a NUL, an escape) with `message`:
 * for names, which travel into email headers, calendar invites and other people's screens, where such
 * characters break lines or hide text. `oneLineText(z.string().trim().max(100), 'Name must be one line of text')`.
 */
export function oneLineText<Schema extends z.ZodType<string>>(schema: Schema, message: string) {
  return schema.refine((value) => !hasControlCharacters(value), { error: message });
}
