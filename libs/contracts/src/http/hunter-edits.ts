/**
 * HTTP shapes of the hunters service's part in "where the directory meets the hunters" (issue 25): Hunter Edits
 * (a hunter's list of directory brands sent to a client after a held session, private to the two unless published
 * with the client's consent), a hunter's go-to brands, and the brands each hunter knows (the listing's `brand` and
 * `valueTag` filters, "Hunters who know this brand"). Hunters owns them: it keeps a copy of the directory's brands
 * (fed by `brands.brand.*`) and of its hunters' held sessions (fed by `bookings.booking.*`).
 */

/** Bounds of an edit and its items, and of the go-to brands. */
export const HUNTER_EDIT_LIMITS = {
  title: 120,
  note: 1000,
  minItems: 3,
  maxItems: 12,
  itemName: 120,
  why: 160,
  productUrl: 500,
  goToBrands: 12,
  /** A brand page's "Hunters who know this brand": at most this many. */
  knownByShown: 6,
  /** Paged reads of edits: the default and largest page. */
  defaultLimit: 12,
  maxLimit: 50,
  maxOffset: 10_000,
} as const;

export const HUNTER_EDIT_MESSAGES = {
  notFound: 'Edit not found',
  /** No held session of the caller's with that booking: not theirs, not held yet, a no-show or cancelled. */
  sessionNotHeld: 'You can send an edit only to a client whose session you held',
  alreadySent: 'You have already sent an edit for this session',
  title: 'Give the edit a title (up to 120 characters)',
  note: 'Keep the note under 1,000 characters',
  items: 'An edit has 3 to 12 items',
  brand: 'Pick each brand from the directory',
  duplicateBrand: 'Each brand can be in an edit once',
  itemName: 'Name each item (up to 120 characters)',
  why: 'Say in one line (up to 160 characters) why each item',
  productUrl: 'Product links must start with http:// or https://',
  photo: 'Item photos must be uploaded here',
  /** A hunter whose profile is not approved (pending, rejected or suspended) uploads no edit photos: 403. */
  photoNeedsApproval: 'Only an approved hunter can upload edit photos; yours can once your profile is approved',
  publishAskedOnce: 'You have already asked to publish this edit',
  notAsked: 'There is no request to publish this edit',
  alreadyAnswered: 'You have already answered this request',
  /** Withdrawing consent from an edit that was never published (a withdrawn one answers as it is). */
  notPublished: 'Only a published edit can be withdrawn from public view',
  goToBrands: 'Pick up to 12 brands from the directory',
} as const;

/**
 * Where an edit stands: `private` (the two only), `requested` (the hunter asked once to publish it), `published`
 * (the client agreed: on the hunter's public page and the brand pages it names), `declined` (the client said no;
 * the hunter cannot ask again), `withdrawn` (the client took their consent back: private again, for good).
 */
export const HUNTER_EDIT_PUBLICATIONS = ['private', 'requested', 'published', 'declined', 'withdrawn'] as const;
export type HunterEditPublication = (typeof HUNTER_EDIT_PUBLICATIONS)[number];

/** A directory brand as an edit or a profile names it (from hunters' copy of the directory). */
export interface BrandRef {
  id: number;
  name: string;
  imageUrl: string;
}

/** One item of an edit as read. `brand` is null once the brand left the directory (`brandName` keeps its name). */
export interface HunterEditItem {
  position: number;
  brand: BrandRef | null;
  brandName: string;
  itemName: string;
  productUrl: string | null;
  photoUrl: string | null;
  why: string;
}

/** The hunter who made an edit, as the edit shows them (their public page is `hunterPagePath`). */
export interface HunterEditAuthor {
  id: number;
  name: string;
  profileImageUrl: string | null;
}

/** A published edit, as anyone reads it (no booking, no client). */
export interface PublishedHunterEdit {
  id: number;
  hunter: HunterEditAuthor;
  title: string;
  note: string;
  items: HunterEditItem[];
  sentAt: string;
  publishedAt: string;
}

/** An edit as its hunter and its client read it (`GET /api/hunter-edits/{id}`, `/sent`, `/received`). */
export interface HunterEdit extends Omit<PublishedHunterEdit, 'publishedAt'> {
  bookingId: string;
  /** The client's display name (first and last name as identity has them), for the hunter's list. */
  clientName: string;
  publication: HunterEditPublication;
  publishedAt: string | null;
}

/** One item as the hunter sends it; `photoUrl` must be one of the caller's uploads (`POST /api/hunter-edits/photos`). */
export interface HunterEditItemInput {
  brandId: number;
  itemName: string;
  productUrl?: string | null;
  photoUrl?: string | null;
  why: string;
}

/** `POST /api/hunter-edits`: the hunter of a held session sends its client one edit (409 for a second). */
export interface HunterEditInput {
  bookingId: string;
  title: string;
  note?: string;
  items: HunterEditItemInput[];
}

/** `POST /api/hunter-edits/photos`: one `data:image/...` upload (5 MB at most), owned by the uploader. */
export interface HunterEditPhotoInput {
  photo: string;
}
export interface HunterEditPhoto {
  url: string;
}

/**
 * `POST /api/hunter-edits/{id}/publish-consent`: the client's one answer to the hunter's one request. Consent once
 * given is taken back with `POST /api/hunter-edits/{id}/withdraw-consent` (no body; a second time changes nothing).
 */
export interface HunterEditConsentInput {
  allow: boolean;
}

/**
 * `GET /api/brands/{id}/hunter-edits?limit&offset` (answered by hunters): the published edits naming the brand,
 * newest first, and how many hunters (not edits) published one naming it: "In {n} hunters' edits".
 */
export interface BrandHunterEdits {
  hunterCount: number;
  total: number;
  edits: PublishedHunterEdit[];
}

/** `PUT /api/hunter-profile/go-to-brands`: up to 12 directory brands, in the order shown. */
export interface GoToBrandsInput {
  brandIds: number[];
}

/** "In {n} hunters' edits" with the count written in. */
export function inHuntersEditsText(count: number): string {
  return `In ${count} hunters' edits`;
}

/** The pre-filled question of a booking made from a brand page ('Book a session about {brand}'). */
export function bookingQuestionAbout(brandName: string): string {
  return `I'd love your advice about ${brandName}.`;
}
