/**
 * The site's legal documents (issue 37): the version of each, and the operator details every one of them names.
 * One constant per document so that a change to a text changes its date here, and acceptance tracking (issue 37
 * item 2) can record which version a member accepted by reading the same constant.
 */

/** The date each document was last changed (ISO, London date). Change the date whenever the document's text changes. */
export const LEGAL_DOCUMENT_VERSIONS = {
  terms: '2026-12-03',
  hunterTerms: '2026-12-03',
  privacy: '2026-12-03',
  cookies: '2026-12-03',
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENT_VERSIONS;

/** Who runs Hunted, as the legal pages name them: the gateway's OPERATOR_NAME, OPERATOR_ADDRESS and OPERATOR_EMAIL. */
export interface SiteOperator {
  name: string;
  /** The postal address, one line (commas between its parts). */
  address: string;
  email: string;
}

/** `GET /api/site`, answered by the gateway from its own configuration: what the SPA needs to know about the site. */
export interface SiteSettings {
  operator: SiteOperator;
}

export const SITE_SETTINGS_PATH = '/api/site';
