import {
  adminBrandInputSchema,
  BRAND_LINK_FIELDS,
  brandInputSchema,
  DEFAULT_PRICE_CATEGORY,
  type AdminBrandInput,
  type Brand,
} from '@hunted/contracts';
import { schemaFieldErrors } from '@/components/form/schema-errors';

/** What the form edits: every field as the inputs hold it (text, '' for nothing chosen). */
export interface BrandFormValues {
  name: string;
  description: string;
  category: string;
  location: string;
  delivery: string;
  priceCategory: string;
  imageUrl: string;
  instagramUrl: string;
  etsyUrl: string;
  websiteUrl: string;
  tiktokUrl: string;
  tags: string[];
  hashtags: string[];
  featured: boolean;
  featuredDate: string;
}

export type BrandFormField = keyof BrandFormValues;
export type BrandFormErrors = Partial<Record<BrandFormField, string>>;

/** The order fields appear in, so the first one in error can be focused. */
export const BRAND_FORM_FIELDS: readonly BrandFormField[] = [
  'name',
  'description',
  'category',
  'location',
  'delivery',
  'priceCategory',
  'imageUrl',
  'instagramUrl',
  'etsyUrl',
  'websiteUrl',
  'tiktokUrl',
  'tags',
  'hashtags',
  'featured',
  'featuredDate',
];

export const LINK_FIELDS = BRAND_LINK_FIELDS;

export const emptyBrandFormValues = (): BrandFormValues => ({
  name: '',
  description: '',
  category: '',
  location: '',
  delivery: '',
  priceCategory: DEFAULT_PRICE_CATEGORY,
  imageUrl: '',
  instagramUrl: '',
  etsyUrl: '',
  websiteUrl: '',
  tiktokUrl: '',
  tags: [],
  hashtags: [],
  featured: false,
  featuredDate: '',
});

export function brandFormValuesOf(brand: Brand): BrandFormValues {
  return {
    name: brand.name,
    description: brand.description,
    category: brand.category,
    location: brand.location,
    delivery: brand.delivery,
    priceCategory: brand.priceCategory || DEFAULT_PRICE_CATEGORY,
    imageUrl: brand.imageUrl,
    instagramUrl: brand.instagramUrl ?? '',
    etsyUrl: brand.etsyUrl ?? '',
    websiteUrl: brand.websiteUrl ?? '',
    tiktokUrl: brand.tiktokUrl ?? '',
    tags: [...brand.tags],
    hashtags: [...brand.hashtags],
    featured: brand.featured,
    featuredDate: brand.featuredDate ?? '',
  };
}

/** The body to send. Featuring is included only for the admin form (members cannot feature a brand). */
export function brandInputOf(values: BrandFormValues, withFeaturing: boolean): AdminBrandInput {
  const link = (value: string) => value.trim() || null;
  const input: AdminBrandInput = {
    name: values.name.trim(),
    description: values.description.trim(),
    category: values.category,
    location: values.location,
    delivery: values.delivery,
    priceCategory: values.priceCategory,
    imageUrl: values.imageUrl.trim(),
    instagramUrl: link(values.instagramUrl),
    etsyUrl: link(values.etsyUrl),
    websiteUrl: link(values.websiteUrl),
    tiktokUrl: link(values.tiktokUrl),
    tags: values.tags,
    hashtags: values.hashtags,
  };
  if (withFeaturing) {
    input.featured = values.featured;
    input.featuredDate = values.featuredDate || null;
  }
  return input;
}

/** The form's own words where it has them: a choice not made is asked for, and a blank image is required. */
const CHOICE_PROMPTS = {
  category: 'Please select a category',
  location: 'Please select a location',
  delivery: 'Please select a delivery option',
  priceCategory: 'Please select a price range',
} as const satisfies BrandFormErrors;

/**
 * The server's rules, checked before sending: the body the form would send, read by the same contracts schema the
 * brands service reads it with (a member's or, `withFeaturing`, an admin's), with the server's messages.
 */
export function validateBrandForm(values: BrandFormValues, withFeaturing = false): BrandFormErrors {
  const schema = withFeaturing ? adminBrandInputSchema : brandInputSchema;
  const errors = schemaFieldErrors(schema, brandInputOf(values, withFeaturing), BRAND_FORM_FIELDS);
  for (const field of Object.keys(CHOICE_PROMPTS) as (keyof typeof CHOICE_PROMPTS)[]) {
    if (errors[field]) errors[field] = CHOICE_PROMPTS[field];
  }
  if (errors.imageUrl && !values.imageUrl.trim()) errors.imageUrl = 'Image URL is required';
  return errors;
}
