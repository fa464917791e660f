import {
  BRAND_CATEGORIES,
  BRAND_COUNTRIES,
  BRAND_LIMITS,
  DEFAULT_PRICE_CATEGORY,
  DELIVERY_SCOPES,
  PRICE_CATEGORIES,
  type AdminBrandInput,
  type Brand,
} from '@hunted/contracts';
import { isWebLink } from '@/lib/web-link';

export const LINK_REQUIRED_MESSAGE = 'Please provide at least one social media or website link';

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

export const LINK_FIELDS = ['instagramUrl', 'etsyUrl', 'websiteUrl', 'tiktokUrl'] as const;

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

const LINK_LABELS: Record<(typeof LINK_FIELDS)[number], string> = {
  instagramUrl: 'Instagram',
  etsyUrl: 'Etsy shop',
  websiteUrl: 'Website',
  tiktokUrl: 'TikTok',
};

/** The server's rules (spec section 5, the lists of section 9, the entity's lengths), checked before sending. */
export function validateBrandForm(values: BrandFormValues): BrandFormErrors {
  const errors: BrandFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  else if (name.length > BRAND_LIMITS.name) errors.name = `Name must be at most ${BRAND_LIMITS.name} characters`;

  const description = values.description.trim();
  if (!description) errors.description = 'Description is required';
  else if (description.length > BRAND_LIMITS.description) {
    errors.description = `Description must be at most ${BRAND_LIMITS.description} characters`;
  }

  if (!(BRAND_CATEGORIES as readonly string[]).includes(values.category)) errors.category = 'Please select a category';
  if (!(BRAND_COUNTRIES as readonly string[]).includes(values.location)) errors.location = 'Please select a location';
  if (!(DELIVERY_SCOPES as readonly string[]).includes(values.delivery)) {
    errors.delivery = 'Please select a delivery option';
  }
  if (!(PRICE_CATEGORIES as readonly string[]).includes(values.priceCategory)) {
    errors.priceCategory = 'Please select a price range';
  }

  const imageUrl = values.imageUrl.trim();
  if (!imageUrl) errors.imageUrl = 'Image URL is required';
  else if (imageUrl.length > BRAND_LIMITS.url) errors.imageUrl = `Image URL must be at most ${BRAND_LIMITS.url} characters`;
  else if (!isWebLink(imageUrl)) errors.imageUrl = 'Image URL must be a link starting with http:// or https://';

  for (const field of LINK_FIELDS) {
    const value = values[field].trim();
    if (!value) continue;
    if (value.length > BRAND_LIMITS.url) errors[field] = `${LINK_LABELS[field]} must be at most ${BRAND_LIMITS.url} characters`;
    else if (!isWebLink(value)) errors[field] = `${LINK_LABELS[field]} must be a link starting with http:// or https://`;
  }
  if (!errors.instagramUrl && LINK_FIELDS.every((field) => !values[field].trim())) {
    errors.instagramUrl = LINK_REQUIRED_MESSAGE;
  }

  if (values.featuredDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.featuredDate)) {
    errors.featuredDate = 'Featured date must be a date like 2026-05-31';
  }
  return errors;
}
