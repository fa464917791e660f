import { z } from 'zod';
import { BRAND_VALUE_TAGS } from './brands.js';
import { HUNTER_EDIT_LIMITS, HUNTER_EDIT_MESSAGES } from './hunter-edits.js';
import { HUNTER_PICK_LIMITS, HUNTER_PICK_MESSAGES } from './hunter-picks.js';
import { isHttpLink, trimmed, trimmedOrNull } from './input-rules.js';
import { listFilterOneOf, listWholeNumber } from './list-filters.js';
import { hasControlCharacters } from './text-rules.js';

/**
 * Request schemas of Hunter Edits and go-to brands (read by hunters' `@ValidBody`/`@ValidQuery`, checked first by
 * the web forms). Apart from `hunter-edits.ts` so that a page needing only the types brings no zod.
 */

const M = HUNTER_EDIT_MESSAGES;
const L = HUNTER_EDIT_LIMITS;

const brandId = z.number({ error: M.brand }).int({ error: M.brand }).positive({ error: M.brand }).max(2_147_483_647, { error: M.brand });

/** One line of text within `max` (trimmed), required unless `optional`. */
function line(max: number, message: string) {
  return z.preprocess(
    trimmed,
    z
      .string({ error: message })
      .min(1, { error: message })
      .max(max, { error: message })
      .refine((value) => !hasControlCharacters(value), { error: message }),
  );
}

/** A site path of one of the hunters service's photos (the service checks it is the caller's own upload). */
const EDIT_PHOTO = /^\/api\/media\/hunter-photos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const hunterEditItemInputSchema = z.object({
  brandId,
  itemName: line(L.itemName, M.itemName),
  productUrl: z.preprocess(
    trimmedOrNull,
    z.custom<string | null>((value) => value === null || (typeof value === 'string' && value.length <= L.productUrl && isHttpLink(value)), {
      error: M.productUrl,
    }),
  ).optional().transform((value) => value ?? null),
  photoUrl: z.preprocess(
    trimmedOrNull,
    z.custom<string | null>((value) => value === null || (typeof value === 'string' && EDIT_PHOTO.test(value)), { error: M.photo }),
  ).optional().transform((value) => value ?? null),
  why: line(L.why, M.why),
});

export const hunterEditInputSchema = z.object({
  bookingId: z.string({ error: M.sessionNotHeld }).min(1, { error: M.sessionNotHeld }).max(100, { error: M.sessionNotHeld }),
  title: line(L.title, M.title),
  note: z.preprocess(trimmed, z.string({ error: M.note }).max(L.note, { error: M.note })).optional().transform((value) => value ?? ''),
  items: z
    .array(hunterEditItemInputSchema, { error: M.items })
    .min(L.minItems, { error: M.items })
    .max(L.maxItems, { error: M.items })
    .refine((items) => new Set(items.map((item) => item.brandId)).size === items.length, { error: M.duplicateBrand }),
});
export type HunterEditInputParsed = z.output<typeof hunterEditInputSchema>;

export const hunterEditPhotoInputSchema = z.object({ photo: z.string({ error: M.photo }).startsWith('data:', { error: M.photo }) });

export const hunterEditConsentInputSchema = z.object({ allow: z.boolean({ error: 'Answer yes or no' }) });

/** A page of edits: `limit` 1–50 (12 unless told), `offset` 0–10,000. */
export const hunterEditPageQuerySchema = z.object({
  limit: listWholeNumber('limit', 1, L.maxLimit),
  offset: listWholeNumber('offset', 0, L.maxOffset),
});

export const goToBrandsInputSchema = z.object({
  brandIds: z
    .array(brandId, { error: M.goToBrands })
    .max(L.goToBrands, { error: M.goToBrands })
    .transform((ids) => [...new Set(ids)]),
});

/** The listing's two filters of issue 25 (merged into `hunterListQuerySchema`): a brand's id and a value tag. */
export const hunterKnownBrandFilters = {
  brand: listWholeNumber('brand', 1, 2_147_483_647),
  valueTag: listFilterOneOf('valueTag', BRAND_VALUE_TAGS),
};

/** `PUT /api/hunter-picks/today`: a directory brand and a note of one or two lines. */
export const hunterPickInputSchema = z.object({
  brandId: z
    .number({ error: HUNTER_PICK_MESSAGES.brand })
    .int({ error: HUNTER_PICK_MESSAGES.brand })
    .positive({ error: HUNTER_PICK_MESSAGES.brand })
    .max(2_147_483_647, { error: HUNTER_PICK_MESSAGES.brand }),
  note: z.preprocess(
    trimmed,
    z
      .string({ error: HUNTER_PICK_MESSAGES.note })
      .min(1, { error: HUNTER_PICK_MESSAGES.note })
      .max(HUNTER_PICK_LIMITS.note, { error: HUNTER_PICK_MESSAGES.note })
      .refine((note) => note.split('\n').length <= HUNTER_PICK_LIMITS.noteLines, { error: HUNTER_PICK_MESSAGES.note })
      // Line breaks are the note's own; any other control character is not.
      .refine((note) => !hasControlCharacters(note.replace(/\r?\n/g, ' ')), { error: HUNTER_PICK_MESSAGES.note })
      .transform((note) => note.replace(/\r\n/g, '\n')),
  ),
});

/** `PUT /api/admin/hunter-pick-rota`: hunter ids in rota order, each once. */
export const hunterPickRotaInputSchema = z.object({
  hunterIds: z
    .array(z.number().int().positive().max(2_147_483_647), { error: HUNTER_PICK_MESSAGES.rota })
    .max(HUNTER_PICK_LIMITS.rota, { error: HUNTER_PICK_MESSAGES.rota })
    .refine((ids) => new Set(ids).size === ids.length, { error: HUNTER_PICK_MESSAGES.rota }),
});
