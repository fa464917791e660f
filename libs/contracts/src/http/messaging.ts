/** HTTP shapes of the messaging service: the contact form (`POST /api/contact`) and the admin's contact inbox. */

export const CONTACT_CATEGORIES = [
  'general',
  'brand-submission',
  'partnership',
  'bug-report',
  'feature-request',
  'other',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Inquiry',
  'brand-submission': 'Brand Submission',
  partnership: 'Partnership Opportunity',
  'bug-report': 'Bug Report',
  'feature-request': 'Feature Request',
  other: 'Other',
};

/** Body of `POST /api/contact`. */
export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  category: ContactCategory;
  message: string;
}

/**
 * The contact form's honeypot: an input people never see or reach (visually hidden, aria-hidden, tabindex -1,
 * autocomplete off) that form-filling bots do fill. A submission with it filled is answered like any other and
 * dropped. Sent only when it has a value.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** What the contact form posts: the message, plus the honeypot when something filled it. */
export type ContactRequest = ContactInput & { [CONTACT_HONEYPOT_FIELD]?: string };

/** `GET /api/admin/contact-submissions` answers pages of this many unless `limit` says otherwise (≤ 100). */
export const CONTACT_SUBMISSIONS_PAGE_SIZE = 50;

/** A row of `GET /api/admin/contact-submissions` (newest first). */
export interface ContactSubmission extends ContactInput {
  id: number;
  status: string;
  createdAt: string;
  updatedAt: string;
}
