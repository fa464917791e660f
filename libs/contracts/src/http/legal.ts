/**
 * The site's legal documents (issue 37): the version of each, and the operator details every one of them names.
 * One constant per document so that a change to a text changes its date here, and acceptance tracking (issue 37
 * item 2) can record which version a member accepted by reading the same constant.
 */

/** The date each document was last changed (ISO, London date). Change the date whenever the document's text changes. */
export const LEGAL_DOCUMENT_VERSIONS = {
  terms: '2026-12-03',
  hunterTerms: '2026-12-07',
  privacy: '2026-12-06',
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

/**
 * Stand-ins the web build writes into the static pages where the operator's details go; the gateway puts its
 * configuration in their place, and the same settings as JSON in the element `SITE_SETTINGS_ELEMENT_ID`, so the
 * app's first render names the operator exactly as the served page does (decision 0107).
 */
export const SITE_SETTINGS_PLACEHOLDERS: SiteSettings = {
  operator: { name: '{{operator.name}}', address: '{{operator.address}}', email: '{{operator.email}}' },
};
export const SITE_SETTINGS_ELEMENT_ID = 'hunted-site-settings';

/**
 * The documents a member accepts (issue 37 item 2): the terms at sign-up and before a booking, the hunters' terms
 * before a hunter profile is created or changed. Privacy and cookies are notices, read, not agreed to.
 */
export const ACCEPTABLE_TERMS = ['terms', 'hunterTerms'] as const;
export type AcceptableTerms = (typeof ACCEPTABLE_TERMS)[number];

/** Where each acceptable document is read (the web's /terms and /hunter-terms pages). */
export const TERMS_PAGE_PATHS: Record<AcceptableTerms, string> = { terms: '/terms', hunterTerms: '/hunter-terms' };

/** Identity's `GET` and `POST /api/account/terms-acceptances` (decision 0103). */
export const TERMS_ACCEPTANCES_PATH = '/api/account/terms-acceptances';

/** Body of `POST /api/account/terms-acceptances`: the document and the version the member read. */
export interface AcceptTermsRequest {
  document: AcceptableTerms;
  version: string;
}

/** One recorded acceptance: the member accepted this version of this document at this time (ISO). */
export interface TermsAcceptance {
  document: AcceptableTerms;
  version: string;
  acceptedAt: string;
}

/** Answer of both routes: every acceptance the member made, oldest first, and the documents whose current version is among them. */
export interface TermsAcceptancesResponse {
  acceptances: TermsAcceptance[];
  accepted: AcceptableTerms[];
}

/** 400 of the POST when the version is not the current one (the member read a text that has since changed). */
export const TERMS_CHANGED_MESSAGE = 'These terms have changed: read the current version and accept it';

/** The machine-readable code of the 409 a route answers when the member has not accepted a document's current version. */
export const TERMS_NOT_ACCEPTED_CODE = 'terms-not-accepted';

/** Body of that 409: what to show (message), and which document and version to accept before trying again. */
export interface TermsNotAcceptedBody {
  statusCode: 409;
  code: typeof TERMS_NOT_ACCEPTED_CODE;
  message: string;
  document: AcceptableTerms;
  version: string;
}

/** The sentence of that 409, per document. */
export function termsNotAcceptedMessage(document: AcceptableTerms): string {
  return document === 'terms'
    ? 'We have updated our terms. Please read and accept them to continue.'
    : 'We have updated the terms for hunters. Please read and accept them to continue.';
}

/** The documents whose current version is among `acceptances`. */
export function currentlyAccepted(acceptances: readonly { document: string; version: string }[]): AcceptableTerms[] {
  return ACCEPTABLE_TERMS.filter((document) =>
    acceptances.some((acceptance) => acceptance.document === document && acceptance.version === LEGAL_DOCUMENT_VERSIONS[document]),
  );
}

/** Whether a body (a 409's JSON) is the terms-not-accepted answer. */
export function isTermsNotAcceptedBody(body: unknown): body is TermsNotAcceptedBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, document } = body as Record<string, unknown>;
  return code === TERMS_NOT_ACCEPTED_CODE && (ACCEPTABLE_TERMS as readonly unknown[]).includes(document);
}
