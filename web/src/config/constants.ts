export { BRAND_CATEGORIES } from '@hunted/contracts';

export const FOOTER_CATEGORY_COUNT = 6;

/** Profile photos (user and hunter) must stay under 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const TOAST_DURATION_MS = 5000;

/** Delays before a guest is sent to sign in, so the explanation can be read first. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const AUTH_REQUIRED_REDIRECT_DELAY_MS = 1000;

/** Where the contact page and the FAQ send people who want to write to a person. */
export const SUPPORT_EMAIL = 'support@hunted.example';

/** The reply promise shown after sending the contact form (its limits are in @hunted/contracts). */
export const CONTACT_REPLY_HOURS = 24;

/** After a comment is refused for want of a session, the 'Please sign in' toast shows this long before sign-in. */
export const COMMENT_SIGN_IN_REDIRECT_DELAY_MS = 2000;

/**
 * The recruitment page's promise (spec section 9): verification within 72 hours. Its counts of hunters and countries
 * come from the hunters service (GET /api/hunters/figures, issue 37), never from a constant.
 */
export const HUNTER_APPROVAL_HOURS = 72;
