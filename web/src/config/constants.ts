export { BRAND_CATEGORIES } from '@hunted/contracts';

export const FOOTER_CATEGORY_COUNT = 6;

/** Profile photos (user and hunter) must stay under 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const TOAST_DURATION_MS = 5000;

/** Delays before a guest is sent to sign in, so the explanation can be read first. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const AUTH_REQUIRED_REDIRECT_DELAY_MS = 1000;
