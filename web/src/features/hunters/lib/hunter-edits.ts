import { HUNTER_EDIT_LIMITS, type BrandRef, type HunterEditInput, type HunterEditPublication } from '@hunted/contracts';

/** Received edits read at a time on /my-bookings, published ones on a brand's page and on a hunter's page. */
export const EDITS_PAGE_SIZE = 5;
export const BRAND_EDITS_PAGE_SIZE = 3;
export const HUNTER_PAGE_EDITS_PAGE_SIZE = 4;

/** Where an edit's publication stands, as the hunter's booking row says it. */
export const PUBLICATION_LABELS: Record<HunterEditPublication, string> = {
  private: 'Private',
  requested: 'Publish requested',
  published: 'Published',
  declined: 'Client declined publishing',
  withdrawn: 'Client withdrew consent',
};

/** One item row of the composer. `key` keeps the row's fields in place while rows are added and removed. */
export interface EditItemValues {
  key: number;
  brand: BrandRef | null;
  itemName: string;
  productUrl: string;
  /** The stored photo's site path once uploaded; `photoPreview` shows it meanwhile. */
  photoUrl: string | null;
  photoPreview: string | null;
  photoUploading: boolean;
  photoError: string | null;
  why: string;
}

export interface EditFormValues {
  title: string;
  note: string;
  items: EditItemValues[];
}

export function emptyEditItem(key: number): EditItemValues {
  return {
    key,
    brand: null,
    itemName: '',
    productUrl: '',
    photoUrl: null,
    photoPreview: null,
    photoUploading: false,
    photoError: null,
    why: '',
  };
}

/** A fresh composer: no title, no note, the three rows an edit needs at least. */
export function initialEditValues(): EditFormValues {
  return {
    title: '',
    note: '',
    items: Array.from({ length: HUNTER_EDIT_LIMITS.minItems }, (_, index) => emptyEditItem(index + 1)),
  };
}

/** The fields of one item, named as the server's 400 `errors` name them. */
export const EDIT_ITEM_FIELDS = ['brandId', 'itemName', 'productUrl', 'photoUrl', 'why'] as const;
export type EditItemField = (typeof EDIT_ITEM_FIELDS)[number];
export const itemField = (index: number, field: EditItemField) => `items.${index}.${field}`;

/** Every field of a composer with `count` items, in the order shown (the first in error gets focus). */
export function editFormFields(count: number): string[] {
  const fields = ['title', 'note'];
  for (let index = 0; index < count; index += 1) {
    for (const field of EDIT_ITEM_FIELDS) fields.push(itemField(index, field));
  }
  fields.push('items');
  return fields;
}

/** The body of `POST /api/hunter-edits` from the composer (a missing brand is 0, which the schema refuses). */
export function editInputOf(bookingId: string, values: EditFormValues): HunterEditInput {
  const note = values.note.trim();
  return {
    bookingId,
    title: values.title.trim(),
    ...(note ? { note } : {}),
    items: values.items.map((item) => ({
      brandId: item.brand?.id ?? 0,
      itemName: item.itemName.trim(),
      productUrl: item.productUrl.trim() || null,
      photoUrl: item.photoUrl,
      why: item.why.trim(),
    })),
  };
}
