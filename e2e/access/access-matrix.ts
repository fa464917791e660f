import { expect } from '@playwright/test';
import {
  DATA_EXPORT_SERVICES,
  dataExportArchivePath,
  dataExportPartPath,
  LEGAL_DOCUMENT_VERSIONS,
  TERMS_ACCEPTANCES_PATH,
  TIME_ZONE_PATH,
  type CurrentUserResponse,
  type TermsAcceptancesResponse,
  PAGE_PATHS,
  type AdminDeletionsResponse,
  type CurrentAccountDeletionResponse,
  type CurrentDataExportResponse,
  type DataExportPart,
  type DataExportView,
  type Brand,
  type BookingDetail,
  type SavedStateResponse,
  type ConversationSummary,
  type HunterBooking,
  type MyBooking,
  type Review,
  type SharedStylePassport,
  type StylePassport,
  type BrandHunterEdits,
  type HunterEarnings,
  type HunterEdit,
  type HunterReview,
  type HunterReviewPage,
  type MyHunterReviews,
} from '@hunted/contracts';
import { brandInput, PNG_1X1, RUN } from '../support/journey.js';
import type { RouteKey } from './discovered-routes.js';
import {
  MATRIX_WHATSAPP,
  matrixJoining,
  everyDayHours,
  hunterProfile,
  londonDate,
  payBody,
  PERSONAS,
  type Fixtures,
  type Persona,
  type SlotChoice,
} from './personas.js';
import { REAL_REPLY_TEXT, REAL_REVIEW_TEXT } from './real-objects.js';

/** What each persona is answered: a status per persona, written once per route. */
export type Answers = Record<Persona, number>;

export interface MatrixRow {
  route: RouteKey;
  /** Which of a route's rows this is, when it has more than one (an unknown id, a second look after a change). */
  case?: string;
  /** The URL a persona calls (path and query): the route's parameters filled with the fixture the row is about. */
  url: (f: Fixtures, as: Persona) => string;
  /** A JSON body (unsafe methods); the same for everyone unless the row says otherwise. */
  body?: (f: Fixtures, as: Persona) => unknown;
  /** A multipart body instead of JSON. */
  multipart?: (f: Fixtures, as: Persona) => Record<string, { name: string; mimeType: string; buffer: Buffer }>;
  /** Headers of the row's own (the Origin of the site is sent on every unsafe request). */
  headers?: Record<string, string>;
  expect: Answers;
  /** Beyond the status: what a persona who may read may see (nobody else's things). */
  sees?: (body: unknown, as: Persona, f: Fixtures) => void;
  /** Runs after every other row: it ends a session or makes a member a hunter. */
  last?: boolean;
}

/** The joining details each hunter persona saves: a number of their own, so reading someone else's would show. */
const joiningOf = (as: Persona) => matrixJoining(as === 'hunter' ? 'hunter' : 'otherHunter');

/** Everyone gets `status`. */
const everyone = (status: number): Answers => Object.fromEntries(PERSONAS.map((p) => [p, status])) as Answers;
/** A guest is asked to sign in; every signed-in persona gets `status` (the route acts on the caller's own things). */
const signedIn = (status: number): Answers => ({ ...everyone(status), guest: 401 });
/** A guest 401, a signed-in non-admin 403, the admin `status`. */
const adminOnly = (status: number): Answers => ({ ...everyone(403), guest: 401, admin: status });
/** A guest 401; the owners as given; everyone else `others` (404: someone else's thing is not there for them). */
const owners = (allowed: Partial<Answers>, others = 404): Answers => ({ ...everyone(others), guest: 401, ...allowed });
/** The hunters (members with a profile) as given; members without a profile and the admin 404 (no profile). */
const hunters = (status: number): Answers => owners({ hunter: status, otherHunter: status });

const listIds = (body: unknown): unknown[] => (body as { id: unknown }[]).map((item) => item.id);
/** Only `who` finds `id` in the list they are given. */
const onlyListedFor =
  (who: readonly Persona[], idOf: (f: Fixtures) => unknown) =>
  (body: unknown, as: Persona, f: Fixtures): void => {
    if (who.includes(as)) expect(listIds(body), `${as} should see their own`).toContain(idOf(f));
    else expect(listIds(body), `${as} must not see another's`).not.toContain(idOf(f));
  };

const realId = (body: unknown, as: Persona, f: Fixtures): void => {
  if (as === 'guest') return;
  expect((body as { id: string }).id, `${as} is answered about themselves`).toBe(f.userId[as]);
};

const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1.toString('base64')}`;
const REVIEW_BODY = {
  speedRating: 5,
  easeRating: 4,
  qualityRating: 4,
  sustainabilityRating: 3,
  reviewText: 'From the matrix.',
};
const CSV_HEADER = 'name,category,location,delivery,priceCategory,description,website,instagram,tags';

/** A public answer (JSON or a page's head) never carries a hunter's joining details. */
const noJoiningDetails = (body: unknown): void => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  expect(text).not.toMatch(/447700900|Matrix Mews/);
};

/** What anyone but its two reads of an edit: no booking, no client, no publication state (one edit or a list). */
const publicEditOnly = (body: unknown, bookingId: string): void => {
  const text = JSON.stringify(body);
  expect(text).not.toContain(bookingId);
  expect(text).not.toMatch(/"(bookingId|clientName|publication)"/);
};

/** An edit of the session `bookingId`, naming three brands no row deletes. */
const realEditBody = (f: Fixtures, bookingId: string) => ({
  bookingId,
  title: 'From the matrix, held',
  items: f.real.editBrandIds.map((brandId) => ({ brandId, itemName: 'An item', why: 'From the access matrix.' })),
});

/** The hunter's paid sessions of the real objects: in the hunter's earnings, nobody else's. */
const heldIds = (f: Fixtures): string[] => [
  f.real.heldReviewed.id,
  f.real.heldPublished.id,
  f.real.heldFresh.id,
  f.real.passportOpen.id,
];

/** One time the hunter suggests instead, the same in every persona's request. */
let proposalSlot: SlotChoice | undefined;
const proposeTo = (f: Fixtures) => ({
  ...(proposalSlot ??= f.hunterSlots.take()),
  message: 'Could we do this instead?',
});

/** One time for the member's reschedule, the same in every persona's (refused or not) request. */
let rescheduleSlot: SlotChoice | undefined;
const rescheduleTo = (f: Fixtures): SlotChoice => (rescheduleSlot ??= f.hunterSlots.take());

/** Who holds a time with whom: nobody may hold their own hunter's time, so the hunter holds the other hunter's. */
const holdBody = (f: Fixtures, as: Persona) => {
  const [hunterId, pool] = as === 'hunter' ? [f.otherHunter.id, f.otherHunterSlots] : [f.hunter.id, f.hunterSlots];
  return { hunterId, sessionType: 'whatsappVideo', ...pool.take(), amount: 8000, duration: 60, expressRequest: true };
};

const pageUrl = (path: string, f: Fixtures): string =>
  path
    .replace(/^\/hunters\/:id/, `/hunters/${f.hunter.id}`)
    .replace(':id', String(f.brand.id))
    .replace('/:slug?', '/matrix')
    .replace(':hunterId', String(f.hunter.id));

/**
 * Every route of the system and what each persona is answered. Ordered as they run: reads before the writes that
 * would change them, each owner's allowed change after everybody else's refused one (CALL_ORDER), and the rows
 * that end a session or change who a persona is at the end (`last`).
 */
export const ACCESS_MATRIX: readonly MatrixRow[] = [
  // ── gateway: its own health, the crawler files, the SPA's pages, and what is never reachable from outside
  { route: 'GET /health', url: () => '/health', expect: everyone(200) },
  { route: 'GET /health/ready', url: () => '/health/ready', expect: everyone(200) },
  // The services' dependency report is on their own ports only (the gateway's is on OPS_PORT).
  { route: 'GET /health/deps', url: () => '/health/deps', expect: everyone(404) },
  { route: 'GET /robots.txt', url: () => '/robots.txt', expect: everyone(200) },
  // Who runs the site, as the legal pages name them (decision 0099): the gateway's configuration, for everyone.
  { route: 'GET /api/site', url: () => '/api/site', expect: everyone(200) },
  { route: 'GET /sitemap.xml', url: () => '/sitemap.xml', expect: everyone(200) },
  { route: 'GET /sitemaps/:name', url: () => '/sitemaps/pages.xml', expect: everyone(200) },
  { route: 'GET /*', url: () => `/no-such-page-${RUN}`, expect: everyone(404) },
  ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method): MatrixRow => ({
    route: `${method} /internal/*`,
    url: () => '/internal/anything',
    expect: everyone(404),
  })),
  { route: 'GET /internal/session', url: () => '/internal/session', expect: everyone(404) },
  { route: 'GET /internal/sitemap/files', url: () => '/internal/sitemap/files', expect: everyone(404) },
  { route: 'GET /internal/sitemap/entries', url: () => '/internal/sitemap/entries', expect: everyone(404) },
  // Every page is the SPA for everyone: what a page shows a persona is the API's to decide (rows below).
  ...Object.values(PAGE_PATHS).map((path): MatrixRow => ({
    route: `GET ${path}`,
    url: (f) => pageUrl(path, f),
    expect: everyone(200),
  })),
  // The live socket: a session is needed to open one (issue 19 item 4).
  {
    route: 'UPGRADE /socket.io/',
    url: () => '/socket.io/?EIO=4&transport=websocket',
    expect: { ...everyone(101), guest: 401 },
  },

  // ── identity
  { route: 'GET /api/auth/user', url: () => '/api/auth/user', expect: signedIn(200), sees: realId },
  {
    route: 'PATCH /api/auth/user',
    url: () => '/api/auth/user',
    body: () => ({ lastName: 'Matrix' }),
    expect: signedIn(200),
    sees: realId,
  },
  {
    route: 'GET /api/auth/avatars/:imageId',
    url: (f) => `/api/auth/avatars/${f.memberAvatarId}`,
    expect: everyone(200),
  },

  // ── brands: the directory is public, votes and saves are the caller's own, the catalogue is the admin's
  { route: 'GET /api/brands', url: () => '/api/brands', expect: everyone(200) },
  { route: 'GET /api/brands/today', url: () => '/api/brands/today', expect: everyone(200) },
  { route: 'GET /api/brands/top', url: () => '/api/brands/top', expect: everyone(200) },
  { route: 'GET /api/brands/featured', url: () => '/api/brands/featured', expect: everyone(200) },
  { route: 'GET /api/brands/hashtags', url: () => '/api/brands/hashtags', expect: everyone(200) },
  { route: 'GET /api/brands/:id', url: (f) => `/api/brands/${f.brand.id}`, expect: everyone(200) },
  { route: 'POST /api/brands/:id/view', url: (f) => `/api/brands/${f.brand.id}/view`, expect: everyone(200) },
  {
    route: 'POST /api/brands',
    url: () => '/api/brands',
    body: (_f, as) => brandInput(`Matrix Proposal ${as} ${RUN}`),
    expect: signedIn(201),
  },
  { route: 'POST /api/brands/:id/vote', url: (f) => `/api/brands/${f.brand.id}/vote`, expect: signedIn(201) },
  {
    route: 'GET /api/brands/:id/saved',
    url: (f) => `/api/brands/${f.brand.id}/saved`,
    expect: signedIn(200),
    sees: (body, as) => expect((body as SavedStateResponse).isSaved, `${as}'s saved state`).toBe(as === 'member'),
  },
  {
    route: 'GET /api/saved-brands',
    url: () => '/api/saved-brands',
    expect: signedIn(200),
    sees: onlyListedFor(['member'], (f) => f.brand.id),
  },
  // Saving and unsaving touch the caller's own list only (another brand, so the member's list above stays theirs).
  { route: 'POST /api/brands/:id/save', url: (f) => `/api/brands/${f.brandToEdit.id}/save`, expect: signedIn(200) },
  { route: 'DELETE /api/brands/:id/save', url: (f) => `/api/brands/${f.brandToEdit.id}/save`, expect: signedIn(200) },
  // 'Save all brands' (issue 25): the caller's own favourites only; an unknown brand saves nothing.
  {
    route: 'POST /api/saved-brands',
    url: () => '/api/saved-brands',
    body: (f) => ({ brandIds: [f.brandToEdit.id] }),
    expect: signedIn(200),
    sees: (body, _as, f) => expect(body).toEqual({ saved: [f.brandToEdit.id] }),
  },
  {
    route: 'POST /api/saved-brands',
    case: 'an unknown brand',
    url: () => '/api/saved-brands',
    body: () => ({ brandIds: [2147483647] }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/saved-brands',
    case: 'after everyone saved and unsaved',
    url: () => '/api/saved-brands',
    expect: signedIn(200),
    sees: onlyListedFor(['member'], (f) => f.brand.id),
  },
  { route: 'GET /api/admin/brands', url: () => '/api/admin/brands', expect: adminOnly(200) },
  {
    route: 'POST /api/admin/brands',
    url: () => '/api/admin/brands',
    body: (_f, as) => brandInput(`Matrix Admin ${as} ${RUN}`),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /api/admin/brands/:id',
    url: (f) => `/api/admin/brands/${f.brandToEdit.id}`,
    body: (f, as) => ({ ...brandInput(f.brandToEdit.name), description: `Edited by ${as}.` }),
    expect: adminOnly(200),
    sees: (body, as) => expect((body as Brand).description).toBe(`Edited by ${as}.`),
  },
  {
    route: 'DELETE /api/admin/brands/:id',
    url: (f) => `/api/admin/brands/${f.brandToDelete.id}`,
    expect: adminOnly(204),
  },
  {
    route: 'POST /api/admin/brands/upload-csv',
    url: () => '/api/admin/brands/upload-csv',
    multipart: (_f, as) => ({
      csv: {
        name: 'brands.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `${CSV_HEADER}\nMatrix Upload ${as} ${RUN},Shoes,France,Europe Wide,££,Espadrilles,https://csv.example,,Handmade\n`,
        ),
      },
    }),
    expect: adminOnly(201),
  },
  { route: 'GET /api/admin/brands/csv-template', url: () => '/api/admin/brands/csv-template', expect: adminOnly(200) },

  // ── reviews: threads are public, writing needs a session, `mine` is the caller's own
  { route: 'GET /api/brands/:brandId/reviews', url: (f) => `/api/brands/${f.brand.id}/reviews`, expect: everyone(200) },
  {
    route: 'GET /api/brands/:brandId/reviews/mine',
    url: (f) => `/api/brands/${f.brand.id}/reviews/mine`,
    expect: signedIn(200),
    sees: (body, as, f) =>
      expect((body as Review | null)?.id ?? null, `${as}'s own review`).toBe(
        as === 'member' ? f.memberReview.id : null,
      ),
  },
  {
    route: 'POST /api/brands/:brandId/reviews',
    url: (f) => `/api/brands/${f.brandToEdit.id}/reviews`,
    body: () => REVIEW_BODY,
    expect: signedIn(201),
  },
  { route: 'GET /api/brands/:brandId/photos', url: (f) => `/api/brands/${f.brand.id}/photos`, expect: everyone(200) },
  {
    route: 'GET /api/media/review-photos/:photoId',
    url: (f) => `/api/media/review-photos/${f.reviewPhotoId}`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/brands/:brandId/comments',
    url: (f) => `/api/brands/${f.brand.id}/comments`,
    expect: everyone(200),
  },
  {
    route: 'POST /api/brands/:brandId/comments',
    url: (f) => `/api/brands/${f.brand.id}/comments`,
    body: (_f, as) => ({ content: `A comment of ${as}` }),
    expect: signedIn(201),
  },

  // ── reviews of hunters: a hunter's page is public; writing, replying and reporting need a session and a review
  // of one's own session (an unknown booking or review is 404 for everyone signed in); moderation is the admin's
  {
    route: 'GET /api/hunters/:hunterId/reviews',
    url: (f) => `/api/hunters/${f.hunter.id}/reviews?limit=10`,
    expect: everyone(200),
  },
  {
    route: 'POST /api/hunter-reviews',
    case: 'an unknown booking',
    url: () => '/api/hunter-reviews',
    body: () => ({ bookingId: '00000000-0000-4000-8000-00000000a11c', rating: 5, text: 'From the matrix, unknown.' }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/hunter-reviews/mine',
    url: () => '/api/hunter-reviews/mine',
    expect: signedIn(200),
  },
  {
    route: 'POST /api/hunter-reviews/:id/reply',
    case: 'an unknown review',
    url: () => '/api/hunter-reviews/2147483647/reply',
    body: () => ({ text: 'From the matrix.' }),
    expect: signedIn(404),
  },
  // Reporting and moderation (decision 0101): the kit's routes, by kind; here a review of a hunter that is not there.
  {
    route: 'POST /api/reports/:kind/:id',
    case: 'an unknown review of a hunter',
    url: () => '/api/reports/hunter-review/2147483647',
    body: () => ({ reason: 'other', details: 'From the matrix.' }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/admin/moderation/:kind',
    url: () => '/api/admin/moderation/hunter-review?state=all',
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/hide',
    case: 'an unknown review of a hunter',
    url: () => '/api/admin/moderation/hunter-review/2147483647/hide',
    body: () => ({ reason: 'From the matrix.' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/restore',
    case: 'an unknown review of a hunter',
    url: () => '/api/admin/moderation/hunter-review/2147483647/restore',
    body: () => ({}),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/dismiss',
    case: 'an unknown review of a hunter',
    url: () => '/api/admin/moderation/hunter-review/2147483647/dismiss',
    body: () => ({}),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/moderation/:kind/:id',
    case: 'an unknown review of a hunter',
    url: () => '/api/moderation/hunter-review/2147483647',
    expect: signedIn(404),
  },
  {
    route: 'POST /api/moderation/:kind/:id/appeal',
    case: 'an unknown review of a hunter',
    url: () => '/api/moderation/hunter-review/2147483647/appeal',
    body: () => ({ text: 'From the matrix.' }),
    expect: signedIn(404),
  },
  // The same routes answered by brands, the owner of the brand kind.
  {
    route: 'POST /api/reports/:kind/:id',
    case: 'an unknown brand',
    url: () => '/api/reports/brand/2147483647',
    body: () => ({ reason: 'other', details: 'From the matrix.' }),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/admin/moderation/:kind',
    case: 'the brands queue',
    url: () => '/api/admin/moderation/brand?state=all',
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/hide',
    case: 'an unknown brand',
    url: () => '/api/admin/moderation/brand/2147483647/hide',
    body: () => ({ reason: 'From the matrix.' }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /api/moderation/:kind/:id',
    case: 'an unknown brand',
    url: () => '/api/moderation/brand/2147483647',
    expect: signedIn(404),
  },
  {
    route: 'POST /api/moderation/:kind/:id/appeal',
    case: 'an unknown brand',
    url: () => '/api/moderation/brand/2147483647/appeal',
    body: () => ({ text: 'From the matrix.' }),
    expect: signedIn(404),
  },

  // ── hunters: profiles are public, editing and availability are the owner's only
  // Public reads of hunters never carry how their sessions happen (issue 22 item 1).
  { route: 'GET /api/hunters', url: () => '/api/hunters', expect: everyone(200), sees: noJoiningDetails },
  // /become-hunter's figures: approved hunters and their countries, counted by hunters (decision 0100)
  { route: 'GET /api/hunters/figures', url: () => '/api/hunters/figures', expect: everyone(200) },
  { route: 'GET /api/hunters/reference-rates', url: () => '/api/hunters/reference-rates', expect: everyone(200) },
  {
    route: 'GET /api/hunters/:id',
    url: (f) => `/api/hunters/${f.hunter.id}`,
    expect: everyone(200),
    sees: noJoiningDetails,
  },
  {
    route: 'GET /hunters/:id/:slug?',
    case: 'the head names the hunter and nothing private',
    url: (f) => `/hunters/${f.hunter.id}/matrix`,
    expect: everyone(200),
    sees: noJoiningDetails,
  },
  // A review needs a held session of one's own: the member's is days ahead (409); to everyone else it is unknown (404).
  {
    route: 'POST /api/hunter-reviews',
    case: "the member's future session",
    url: () => '/api/hunter-reviews',
    body: (f) => ({ bookingId: f.booking.id, rating: 5, text: 'From the access matrix.' }),
    expect: { ...everyone(404), guest: 401, member: 409 },
  },
  {
    route: 'GET /api/hunter-profile',
    url: () => '/api/hunter-profile',
    expect: hunters(200),
    sees: (body, as, f) => expect((body as { id: number }).id).toBe(as === 'hunter' ? f.hunter.id : f.otherHunter.id),
  },
  {
    route: 'PATCH /api/hunters/:id',
    url: (f) => `/api/hunters/${f.hunter.id}`,
    // Years of experience apply at once (a bio would wait for review on an approved profile, decision 0089).
    body: () => ({ yearsExperience: 7 }),
    expect: owners({ hunter: 200 }),
    sees: (body) => expect((body as { yearsExperience: number }).yearsExperience).toBe(7),
  },
  {
    route: 'GET /api/media/hunter-photos/:photoId',
    url: (f) => `/api/media/hunter-photos/${f.hunterPhotoId}`,
    expect: everyone(200),
  },
  // An edit photo follows its edit (issue 35): uploaded for an edit not yet sent, it is its hunter's alone.
  {
    route: 'GET /api/media/hunter-photos/:photoId',
    case: "an edit photo not yet in an edit (the hunter's upload)",
    url: (f) => `/api/media/hunter-photos/${f.hunterEditPhotoId}`,
    expect: { ...everyone(404), hunter: 200 },
  },
  {
    route: 'GET /api/media/hunter-photos/:photoId',
    case: 'an id that is not a UUID',
    url: () => '/api/media/hunter-photos/not-a-uuid',
    expect: everyone(404),
  },
  { route: 'GET /api/hunter-availability/weekly', url: () => '/api/hunter-availability/weekly', expect: hunters(200) },
  {
    route: 'PUT /api/hunter-availability/weekly',
    url: () => '/api/hunter-availability/weekly',
    body: () => everyDayHours(),
    expect: hunters(200),
  },
  {
    route: 'GET /api/hunter-availability',
    url: () => `/api/hunter-availability?startDate=${londonDate(0)}&endDate=${londonDate(30)}`,
    expect: hunters(200),
  },
  // Dates beyond every booking of the matrix, so changing them moves nobody's time.
  {
    route: 'POST /api/hunter-availability',
    url: () => '/api/hunter-availability',
    body: () => ({ date: londonDate(60), timeSlots: ['10:00'] }),
    expect: hunters(200),
  },
  {
    route: 'POST /api/hunter-availability/range',
    url: () => '/api/hunter-availability/range',
    body: () => ({ startDate: londonDate(61), endDate: londonDate(62), timeSlots: ['11:00'] }),
    expect: hunters(200),
  },
  {
    route: 'DELETE /api/hunter-availability/:date',
    url: () => `/api/hunter-availability/${londonDate(60)}`,
    expect: hunters(200),
  },
  // ── joining details: each hunter sets and reads only their own (the route names nobody), and no public read of a
  // hunter ever carries them
  {
    route: 'PUT /api/hunter-profile/joining-details',
    url: () => '/api/hunter-profile/joining-details',
    body: (_f, as) => joiningOf(as),
    expect: hunters(200),
    sees: (body, as) => expect(body).toEqual(joiningOf(as)),
  },
  {
    route: 'GET /api/hunter-profile/joining-details',
    url: () => '/api/hunter-profile/joining-details',
    expect: hunters(200),
    sees: (body, as) => expect(body).toEqual(joiningOf(as)),
  },
  // ── go-to brands (issue 25): each hunter sets and reads their own list (the route names nobody); an approved
  // hunter's list, and the listing of the hunters who know a brand, are public
  {
    route: 'PUT /api/hunter-profile/go-to-brands',
    url: () => '/api/hunter-profile/go-to-brands',
    body: (f) => ({ brandIds: [f.brand.id] }),
    expect: hunters(200),
    sees: (body, _as, f) => expect(listIds(body)).toEqual([f.brand.id]),
  },
  {
    route: 'GET /api/hunter-profile/go-to-brands',
    url: () => '/api/hunter-profile/go-to-brands',
    expect: hunters(200),
    sees: (body, _as, f) => expect(listIds(body)).toEqual([f.brand.id]),
  },
  {
    route: 'GET /api/hunters/:id/go-to-brands',
    url: (f) => `/api/hunters/${f.hunter.id}/go-to-brands`,
    expect: everyone(200),
    sees: (body, _as, f) => expect(listIds(body)).toEqual([f.brand.id]),
  },
  {
    route: 'GET /api/hunters/:id/go-to-brands',
    case: 'an unknown hunter',
    url: () => '/api/hunters/2147483647/go-to-brands',
    expect: everyone(404),
  },
  {
    route: 'GET /api/hunters',
    case: 'the hunters who know a brand (a brand page)',
    url: (f) => `/api/hunters?brand=${f.brand.id}&limit=6`,
    expect: everyone(200),
    sees: (body, _as, f) => {
      noJoiningDetails(body);
      expect(listIds(body)).toContain(f.hunter.id);
    },
  },
  {
    route: 'GET /api/hunters/:id',
    case: 'after the hunters set their joining details',
    url: (f) => `/api/hunters/${f.hunter.id}`,
    expect: everyone(200),
    sees: (body) => expect(JSON.stringify(body)).not.toMatch(/447700900|Matrix Mews|joining/),
  },
  {
    route: 'GET /api/hunters',
    case: 'after the hunters set their joining details',
    url: () => '/api/hunters?limit=100',
    expect: everyone(200),
    sees: (body) => expect(JSON.stringify(body)).not.toMatch(/447700900|Matrix Mews|joining/),
  },

  // ── Hunter Edits (issue 25): sent by the hunter of a held session to its client. A session not held yet (the
  // member's booking is ahead) is 404 for everyone signed in; an edit id that names nothing is 404 for everyone,
  // guests too (a published edit is public); the lists are each caller's own; the public reads by hunter and by
  // brand are everyone's. The rows on real held sessions and edits follow ("real objects").
  {
    route: 'POST /api/hunter-edits',
    case: 'a session not held',
    url: () => '/api/hunter-edits',
    body: (f) => ({
      bookingId: f.booking.id,
      title: 'From the matrix',
      items: [f.brand.id, f.brandToEdit.id, f.brandToDelete.id].map((brandId) => ({
        brandId,
        itemName: 'An item',
        why: 'From the access matrix.',
      })),
    }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/hunter-edits/photos',
    url: () => '/api/hunter-edits/photos',
    body: () => ({ photo: PNG_DATA_URL }),
    expect: hunters(201),
  },
  { route: 'GET /api/hunter-edits/sent', url: () => '/api/hunter-edits/sent?limit=12', expect: signedIn(200) },
  { route: 'GET /api/hunter-edits/received', url: () => '/api/hunter-edits/received', expect: signedIn(200) },
  {
    route: 'GET /api/hunter-edits/:id',
    case: 'an unknown edit',
    url: () => '/api/hunter-edits/2147483647',
    expect: everyone(404),
  },
  {
    route: 'POST /api/hunter-edits/:id/publish-request',
    case: 'an unknown edit',
    url: () => '/api/hunter-edits/2147483647/publish-request',
    body: () => ({}),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/hunter-edits/:id/publish-consent',
    case: 'an unknown edit',
    url: () => '/api/hunter-edits/2147483647/publish-consent',
    body: () => ({ allow: true }),
    expect: signedIn(404),
  },
  {
    route: 'POST /api/hunter-edits/:id/withdraw-consent',
    case: 'an unknown edit',
    url: () => '/api/hunter-edits/2147483647/withdraw-consent',
    body: () => ({}),
    expect: signedIn(404),
  },
  {
    route: 'GET /api/brands/:brandId/hunter-edits',
    url: (f) => `/api/brands/${f.brand.id}/hunter-edits?limit=6`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/hunters/:hunterId/edits',
    url: (f) => `/api/hunters/${f.hunter.id}/edits`,
    expect: everyone(200),
    sees: noJoiningDetails,
  },
  // ── real objects (issue 35 item 5, decision 0095): the ownership rows of Hunter Edits, reviews of hunters, the
  // passport's window, payouts and earnings, acted on by every persona on things that exist (real-objects.ts: held
  // sessions, their reviews and edits, passports in and out of their window), so removing an ownership check turns
  // a row red. Every case starts with "real:" (the mutant record in 0095 names them).
  {
    route: 'GET /api/hunter-edits/:id',
    case: 'real: the private edit',
    url: (f) => `/api/hunter-edits/${f.real.privateEdit.id}`,
    expect: { ...everyone(404), member: 200, hunter: 200 },
    sees: (body, _as, f) =>
      expect(body).toMatchObject({
        id: f.real.privateEdit.id,
        bookingId: f.real.heldReviewed.id,
        publication: 'private',
      }),
  },
  {
    route: 'GET /api/hunter-edits/:id',
    case: 'real: the published edit',
    url: (f) => `/api/hunter-edits/${f.real.publishedEdit.id}`,
    expect: everyone(200),
    sees: (body, as, f) => {
      expect((body as HunterEdit).id).toBe(f.real.publishedEdit.id);
      if (as === 'member' || as === 'hunter') expect(body).toMatchObject({ bookingId: f.real.heldPublished.id });
      else publicEditOnly(body, f.real.heldPublished.id);
    },
  },
  {
    route: 'GET /api/hunter-edits/sent',
    case: "real: the hunter's own edits",
    url: () => '/api/hunter-edits/sent?limit=50',
    expect: signedIn(200),
    sees: onlyListedFor(['hunter'], (f) => f.real.privateEdit.id),
  },
  {
    route: 'GET /api/hunter-edits/received',
    case: "real: the member's own edits",
    url: () => '/api/hunter-edits/received?limit=50',
    expect: signedIn(200),
    sees: onlyListedFor(['member'], (f) => f.real.privateEdit.id),
  },
  {
    route: 'GET /api/hunters/:hunterId/edits',
    case: 'real: the published edit, never the private one',
    url: (f) => `/api/hunters/${f.hunter.id}/edits?limit=50`,
    expect: everyone(200),
    sees: (body, _as, f) => {
      expect(listIds(body)).toContain(f.real.publishedEdit.id);
      expect(listIds(body)).not.toContain(f.real.privateEdit.id);
      publicEditOnly(body, f.real.heldPublished.id);
    },
  },
  {
    route: 'GET /api/brands/:brandId/hunter-edits',
    case: 'real: the published edit, never the private one',
    url: (f) => `/api/brands/${f.brand.id}/hunter-edits?limit=50`,
    expect: everyone(200),
    sees: (body, _as, f) => {
      const edits = (body as BrandHunterEdits).edits;
      expect(listIds(edits)).toContain(f.real.publishedEdit.id);
      expect(listIds(edits)).not.toContain(f.real.privateEdit.id);
      publicEditOnly(edits, f.real.heldPublished.id);
    },
  },
  {
    route: 'POST /api/hunter-edits',
    case: "real: a held session of the hunter's",
    url: () => '/api/hunter-edits',
    body: (f) => realEditBody(f, f.real.heldFresh.id),
    expect: owners({ hunter: 201 }),
    sees: (body, _as, f) => expect(body).toMatchObject({ bookingId: f.real.heldFresh.id, publication: 'private' }),
  },
  {
    route: 'POST /api/hunter-edits',
    case: 'real: a held session that has its edit',
    url: () => '/api/hunter-edits',
    body: (f) => realEditBody(f, f.real.heldReviewed.id),
    expect: owners({ hunter: 409 }),
  },
  {
    route: 'POST /api/hunter-edits/:id/publish-request',
    case: 'real: the private edit',
    url: (f) => `/api/hunter-edits/${f.real.privateEdit.id}/publish-request`,
    body: () => ({}),
    expect: owners({ hunter: 200 }),
    sees: (body) => expect(body).toMatchObject({ publication: 'requested' }),
  },
  {
    route: 'POST /api/hunter-edits/:id/publish-request',
    case: 'real: the published edit (asked once)',
    url: (f) => `/api/hunter-edits/${f.real.publishedEdit.id}/publish-request`,
    body: () => ({}),
    expect: owners({ hunter: 409 }),
  },
  {
    route: 'POST /api/hunter-edits/:id/publish-consent',
    case: 'real: the member declines the request',
    url: (f) => `/api/hunter-edits/${f.real.privateEdit.id}/publish-consent`,
    body: () => ({ allow: false }),
    expect: owners({ member: 200 }),
    sees: (body) => expect(body).toMatchObject({ publication: 'declined' }),
  },
  {
    route: 'GET /api/hunter-edits/:id',
    case: "real: the declined edit stays the two's",
    url: (f) => `/api/hunter-edits/${f.real.privateEdit.id}`,
    expect: { ...everyone(404), member: 200, hunter: 200 },
    sees: (body, _as, f) => expect(body).toMatchObject({ id: f.real.privateEdit.id, publication: 'declined' }),
  },
  {
    route: 'POST /api/hunter-edits/:id/withdraw-consent',
    case: 'real: the published edit',
    url: (f) => `/api/hunter-edits/${f.real.publishedEdit.id}/withdraw-consent`,
    body: () => ({}),
    expect: owners({ member: 200 }),
    sees: (body) => expect(body).toMatchObject({ publication: 'withdrawn' }),
  },
  {
    route: 'GET /api/hunter-edits/:id',
    case: "real: the withdrawn edit is the two's again",
    url: (f) => `/api/hunter-edits/${f.real.publishedEdit.id}`,
    expect: { ...everyone(404), member: 200, hunter: 200 },
    sees: (body) => expect(body).toMatchObject({ publication: 'withdrawn' }),
  },
  // Reviews of hunters: the page is public (without bookings), `mine` each one's own, a reply the reviewed hunter's
  // alone (anyone else 403), a report anyone's but the author's, moderation the admin's.
  {
    route: 'GET /api/hunters/:hunterId/reviews',
    case: 'real: the review and its reply',
    url: (f) => `/api/hunters/${f.hunter.id}/reviews?limit=10`,
    expect: everyone(200),
    sees: (body, _as, f) => {
      const shown = (body as HunterReviewPage).reviews.find((review) => review.id === f.real.reviewWithReply.id);
      expect(shown).toMatchObject({ text: REAL_REVIEW_TEXT, reply: { text: REAL_REPLY_TEXT } });
      expect(JSON.stringify(body)).not.toContain(f.real.heldReviewed.id);
    },
  },
  {
    route: 'GET /api/hunter-reviews/mine',
    case: "real: the member's written, the hunter's received",
    url: () => '/api/hunter-reviews/mine',
    expect: signedIn(200),
    sees: (body, as, f) => {
      const mine = body as MyHunterReviews;
      const id = f.real.reviewWithReply.id;
      expect(listIds(mine.written).includes(id), `${as} wrote it`).toBe(as === 'member');
      expect(listIds(mine.received).includes(id), `${as} received it`).toBe(as === 'hunter');
    },
  },
  {
    route: 'POST /api/hunter-reviews',
    case: "real: the member's held session",
    url: () => '/api/hunter-reviews',
    body: (f) => ({ bookingId: f.real.heldFresh.id, rating: 4, text: 'From the access matrix, held.' }),
    expect: owners({ member: 201 }),
    sees: (body, _as, f) => expect(body).toMatchObject({ bookingId: f.real.heldFresh.id, rating: 4 }),
  },
  {
    route: 'POST /api/hunter-reviews/:id/reply',
    case: 'real: a review not replied to',
    url: (f) => `/api/hunter-reviews/${f.real.reviewToReply.id}/reply`,
    body: (_f, as) => ({ text: `A reply written by ${as}.` }),
    expect: { ...everyone(403), guest: 401, hunter: 201 },
    sees: (body) => expect((body as HunterReview).reply?.text).toBe('A reply written by hunter.'),
  },
  {
    route: 'POST /api/hunter-reviews/:id/reply',
    case: 'real: a review replied to already',
    url: (f) => `/api/hunter-reviews/${f.real.reviewWithReply.id}/reply`,
    body: (_f, as) => ({ text: `A second reply written by ${as}.` }),
    expect: { ...everyone(403), guest: 401, hunter: 409 },
  },
  {
    route: 'POST /api/reports/:kind/:id',
    case: "real: the member's review of a hunter",
    url: (f) => `/api/reports/hunter-review/${f.real.reviewWithReply.id}`,
    body: (_f, as) => ({ reason: 'other', details: `Reported by ${as}.` }),
    expect: { ...everyone(201), guest: 401, member: 409 },
  },
  // The reports above opened its case: the admin hides it, then restores it (shown again for what follows).
  {
    route: 'POST /api/admin/moderation/:kind/:id/hide',
    case: 'real: a reported review of a hunter',
    url: (f) => `/api/admin/moderation/hunter-review/${f.real.reviewWithReply.id}/hide`,
    body: () => ({ reason: 'Hidden by the access matrix.' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/moderation/:kind/:id',
    case: "real: the member's hidden review of a hunter (its author's notice)",
    url: (f) => `/api/moderation/hunter-review/${f.real.reviewWithReply.id}`,
    expect: { ...everyone(404), guest: 401, member: 200, admin: 200 },
  },
  {
    route: 'POST /api/admin/moderation/:kind/:id/restore',
    case: 'real: a hidden review of a hunter',
    url: (f) => `/api/admin/moderation/hunter-review/${f.real.reviewWithReply.id}/restore`,
    body: () => ({}),
    expect: adminOnly(200),
  },
  // The passport's window: to its hunter from confirmation until 7 days after the end, unless cancelled; to the
  // client always; to anyone else never.
  {
    route: 'GET /api/style-passports/:bookingId',
    case: 'real: shared parts, in the window',
    url: (f) => `/api/style-passports/${f.real.passportOpen.id}`,
    expect: owners({ member: 200, hunter: 200 }),
    sees: (body, _as, f) => {
      const shared = body as SharedStylePassport;
      expect(shared.bookingId).toBe(f.real.passportOpen.id);
      expect(listIds(shared.passport.savedBrands), 'the saved brands it shares').toContain(f.brand.id);
      expect(shared.passport.votedBrands, 'a part it does not share').toBeNull();
    },
  },
  // Before its payment (paid in the row of `POST /api/bookings` below): no booking for anyone to read yet.
  {
    route: 'GET /api/style-passports/:bookingId',
    case: 'real: a pending hold',
    url: (f) => `/api/style-passports/${f.real.passportHold.bookingId}`,
    expect: owners({}),
  },
  {
    route: 'GET /api/style-passports/:bookingId',
    case: 'real: after cancellation',
    url: (f) => `/api/style-passports/${f.real.passportCancelled.id}`,
    expect: owners({ member: 200 }),
  },
  {
    route: 'GET /api/style-passports/:bookingId',
    case: 'real: after its window',
    url: (f) => `/api/style-passports/${f.real.heldReviewed.id}`,
    expect: owners({ member: 200 }),
    sees: (body, _as, f) => expect(listIds((body as SharedStylePassport).passport.savedBrands)).toContain(f.brand.id),
  },
  // Payouts and earnings: each hunter's own account and paid sessions, never the other's.
  {
    route: 'GET /api/hunter-payouts/account',
    case: "real: each hunter's own account",
    url: () => '/api/hunter-payouts/account',
    expect: hunters(200),
    sees: (body, as, f) =>
      expect(body).toMatchObject({
        connected: true,
        accountId: `sim_acct_${(as === 'hunter' ? f.hunter : f.otherHunter).id}`,
      }),
  },
  {
    route: 'GET /api/hunter-earnings',
    case: "real: the hunter's held paid sessions",
    url: () => '/api/hunter-earnings',
    expect: hunters(200),
    sees: (body, as, f) => {
      const ids = (body as HunterEarnings).bookings.map((booking) => booking.bookingId);
      for (const id of heldIds(f)) expect(ids.includes(id), `${as} earned from ${id}`).toBe(as === 'hunter');
    },
  },
  {
    route: 'GET /api/hunter-earnings/export.csv',
    case: "real: the hunter's held paid sessions",
    url: () => '/api/hunter-earnings/export.csv',
    expect: hunters(200),
    sees: (body, as, f) => {
      for (const id of heldIds(f)) expect(String(body).includes(id), `${as}'s CSV lists ${id}`).toBe(as === 'hunter');
    },
  },
  // ── end of the real objects

  // ── bookings: a booking is its client's and its hunter's; anyone else is told it does not exist
  { route: 'GET /api/bookings/payment-config', url: () => '/api/bookings/payment-config', expect: everyone(200) },
  {
    route: 'GET /api/hunters/:id/slots',
    url: (f) =>
      `/api/hunters/${f.hunter.id}/slots?from=${londonDate(3)}&to=${londonDate(10)}&sessionType=whatsappVideo`,
    expect: everyone(200),
  },
  {
    route: 'GET /api/my-bookings',
    url: () => '/api/my-bookings',
    expect: signedIn(200),
    sees: (body, as, f) => onlyListedFor(['member'], () => f.booking.id)(body as MyBooking[], as, f),
  },
  {
    route: 'GET /api/hunter-bookings',
    url: () => '/api/hunter-bookings',
    expect: signedIn(200),
    sees: (body, as, f) => onlyListedFor(['hunter'], () => f.booking.id)(body as HunterBooking[], as, f),
  },
  {
    route: 'GET /api/bookings/:id',
    url: (f) => `/api/bookings/${f.booking.id}`,
    expect: owners({ member: 200, hunter: 200 }),
  },
  // How to join a paid video call days ahead (outside the change window, decision 0088): its client is told only
  // when the number comes, the hunter's side nothing; everyone else 404. Inside the window the number is the
  // client's alone (services/bookings/test/session-actions.test.ts, e2e/session-lifecycle.e2e.ts).
  {
    route: 'GET /api/bookings/:id',
    case: 'joining details outside the change window',
    url: (f) => `/api/bookings/${f.bookingHunterCancelsWithReason.id}`,
    expect: owners({ member: 200, hunter: 200 }),
    sees: (body, as) => {
      const joining = (body as BookingDetail).joining;
      expect(JSON.stringify(body)).not.toContain(MATRIX_WHATSAPP.slice(1));
      if (as === 'member')
        expect(joining).toMatchObject({ kind: 'later', message: "You'll get the WhatsApp number 24 hours before" });
      else expect(joining).toBeNull();
    },
  },
  // The question's photo: the member who sent it and the booking's hunter, nobody else.
  {
    route: 'GET /api/media/booking-photos/:photoId',
    url: (f) => `/api/media/booking-photos/${f.bookingPhotoId}`,
    expect: owners({ member: 200, hunter: 200 }),
  },
  {
    route: 'POST /api/booking-photos',
    url: () => '/api/booking-photos',
    body: () => ({ photo: PNG_DATA_URL }),
    expect: signedIn(201),
  },
  // The style passport (issue 25): one's own to every member; a booking's to its client and its hunter only. The
  // matrix's booking was made without the passport screen, so it shares no part of it with the hunter.
  {
    route: 'GET /api/style-passport',
    url: () => '/api/style-passport',
    expect: signedIn(200),
    sees: (body, as, f) => {
      const saved = ((body as StylePassport).savedBrands ?? []).map((brand) => brand.id);
      if (as === 'member') expect(saved, 'the member sees their own saves').toContain(f.brand.id);
      else expect(saved, `${as} must not see another's saves`).not.toContain(f.brand.id);
    },
  },
  {
    route: 'GET /api/style-passports/:bookingId',
    url: (f) => `/api/style-passports/${f.booking.id}`,
    expect: owners({ member: 200, hunter: 200 }),
    sees: (body, _as, f) => {
      const shared = body as SharedStylePassport;
      expect(shared.bookingId).toBe(f.booking.id);
      expect(shared.passport).toEqual({
        savedBrands: null,
        votedBrands: null,
        reviewedBrands: null,
        filterHabits: null,
      });
    },
  },
  {
    route: 'GET /api/style-passports/:bookingId',
    case: 'not an id',
    url: () => '/api/style-passports/not-a-booking',
    expect: owners({}),
  },
  {
    route: 'GET /api/style-passports/:bookingId',
    case: "nobody's id",
    url: () => '/api/style-passports/00000000-0000-4000-8000-000000000000',
    expect: owners({}),
  },
  // Ids that name nothing are "not found" for everyone, never a server error.
  { route: 'GET /api/bookings/:id', case: 'not an id', url: () => '/api/bookings/not-a-booking', expect: owners({}) },
  {
    route: 'GET /api/bookings/:id',
    case: "nobody's id",
    url: () => '/api/bookings/00000000-0000-4000-8000-000000000000',
    expect: owners({}),
  },
  {
    route: 'GET /api/hunters/:id/slots',
    case: 'above int4',
    url: () => `/api/hunters/99999999999/slots?from=${londonDate(3)}&to=${londonDate(10)}&sessionType=whatsappVideo`,
    expect: everyone(404),
  },
  { route: 'GET /api/hunters/:id', case: 'above int4', url: () => '/api/hunters/99999999999', expect: everyone(404) },
  // Only the member may pay their hold: anyone else naming its intent is told there is no such booking.
  {
    route: 'POST /api/bookings',
    url: () => '/api/bookings',
    body: (f) => payBody(f.hunter.id, f.holdToPay, f.holdToPay),
    expect: owners({ member: 201 }),
  },
  // The hunter may "release" (a no-op for them: only the client's hold ends); the member ends it.
  {
    route: 'POST /api/bookings/:id/release',
    url: (f) => `/api/bookings/${f.holdToRelease.bookingId}/release`,
    expect: owners({ member: 200, hunter: 200 }),
  },
  // Holds after the release and the payment above: a member may have two unpaid holds at once.
  {
    route: 'POST /api/create-payment-intent',
    url: () => '/api/create-payment-intent',
    body: holdBody,
    expect: signedIn(200),
  },
  {
    route: 'POST /api/bookings/:id/reschedule',
    url: (f) => `/api/bookings/${f.booking.id}/reschedule`,
    body: (f) => rescheduleTo(f),
    expect: owners({ member: 200, hunter: 403 }),
  },
  // The hunter's actions on a booking of theirs; the client's answers. The matrix's sessions are days ahead, so
  // attendance cannot be marked yet (409) and there is no no-show to dispute (409).
  {
    route: 'POST /api/hunter-bookings/:id/attendance',
    url: (f) => `/api/hunter-bookings/${f.booking.id}/attendance`,
    body: () => ({ attendance: 'held' }),
    expect: owners({ hunter: 409 }),
  },
  {
    route: 'POST /api/hunter-bookings/:id/proposal',
    url: (f) => `/api/hunter-bookings/${f.booking.id}/proposal`,
    body: (f) => proposeTo(f),
    expect: owners({ hunter: 200 }),
  },
  {
    route: 'POST /api/bookings/:id/proposal/decline',
    url: (f) => `/api/bookings/${f.booking.id}/proposal/decline`,
    expect: owners({ member: 200, hunter: 403 }),
  },
  {
    route: 'POST /api/bookings/:id/proposal/accept',
    case: 'nothing left to accept',
    url: (f) => `/api/bookings/${f.booking.id}/proposal/accept`,
    expect: owners({ member: 409, hunter: 403 }),
  },
  {
    route: 'POST /api/bookings/:id/dispute',
    url: (f) => `/api/bookings/${f.booking.id}/dispute`,
    body: () => ({ reason: 'The matrix was there.' }),
    expect: owners({ member: 409, hunter: 403 }),
  },
  {
    route: 'POST /api/hunter-bookings/:id/cancel',
    url: (f) => `/api/hunter-bookings/${f.bookingHunterCancelsWithReason.id}/cancel`,
    body: () => ({ reason: 'The matrix needs this time back.' }),
    expect: owners({ hunter: 200 }),
  },
  {
    route: 'GET /api/bookings/:id',
    case: 'joining details of a cancelled booking',
    url: (f) => `/api/bookings/${f.bookingHunterCancelsWithReason.id}`,
    expect: owners({ member: 200, hunter: 200 }),
    sees: (body) => expect((body as BookingDetail).joining).toBeNull(),
  },
  {
    route: 'GET /api/admin/booking-disputes',
    url: () => '/api/admin/booking-disputes?status=all',
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/booking-disputes/:bookingId/resolve',
    url: (f) => `/api/admin/booking-disputes/${f.booking.id}/resolve`,
    body: () => ({ resolution: 'dismiss', note: 'Matrix' }),
    expect: adminOnly(409),
  },
  // Either side may cancel: each cancels a booking of its own, after every stranger was refused it.
  {
    route: 'POST /api/bookings/:id/cancel',
    url: (f, as) => `/api/bookings/${(as === 'hunter' ? f.bookingHunterCancels : f.bookingMemberCancels).id}/cancel`,
    expect: owners({ member: 200, hunter: 200 }),
  },
  // Stripe signs its calls; without a signature the gateway refuses at once (issue 19 item 11).
  {
    route: 'POST /api/stripe/webhook',
    url: () => '/api/stripe/webhook',
    body: () => ({ id: 'evt_matrix' }),
    expect: everyone(400),
  },

  // Connect's deliveries are signed too, with their own secret.
  {
    route: 'POST /api/stripe/connect-webhook',
    url: () => '/api/stripe/connect-webhook',
    body: () => ({ id: 'evt_matrix_connect' }),
    expect: everyone(400),
  },

  // ── payouts and earnings: each hunter reaches only their own account (members without a profile: 404)
  { route: 'GET /api/hunter-payouts/account', url: () => '/api/hunter-payouts/account', expect: hunters(200) },
  { route: 'POST /api/hunter-payouts/onboarding', url: () => '/api/hunter-payouts/onboarding', expect: hunters(200) },
  // Stripe's refresh_url opens the dashboard, which POSTs for a fresh link (in simulated mode, the dashboard's
  // simulated step): a Stripe write, so a POST on the writes budget, never a GET.
  { route: 'POST /api/hunter-payouts/refresh', url: () => '/api/hunter-payouts/refresh', expect: hunters(200) },
  {
    route: 'POST /api/hunter-payouts/simulated/enable',
    url: () => '/api/hunter-payouts/simulated/enable',
    expect: hunters(200),
  },
  // The Express dashboard exists in stripe mode only: the simulated account has none (409).
  { route: 'POST /api/hunter-payouts/login-link', url: () => '/api/hunter-payouts/login-link', expect: hunters(409) },
  { route: 'GET /api/hunter-earnings', url: () => '/api/hunter-earnings', expect: hunters(200) },
  {
    route: 'GET /api/hunter-earnings/export.csv',
    url: () => '/api/hunter-earnings/export.csv',
    expect: hunters(200),
  },

  // ── messaging: a conversation is its two participants'; the contact inbox is the admin's
  {
    route: 'POST /api/contact',
    url: () => '/api/contact',
    body: (_f, as) => ({
      name: 'Matrix Contact',
      email: 'matrix@example.test',
      subject: `Access matrix ${as}`,
      category: 'general',
      message: 'A message sent by the access matrix.',
    }),
    expect: everyone(201),
  },
  // ── Hunter's Pick (issue 25): today's pick is public; only the day's hunter picks (none of the fixture hunters is
  // on the rota: a hunter 403, a member without a profile 404); the rota is the admin's (an invalid rota changes nothing)
  { route: 'GET /api/hunter-picks/today', url: () => '/api/hunter-picks/today', expect: everyone(200) },
  { route: 'GET /api/hunter-picks/mine', url: () => '/api/hunter-picks/mine', expect: hunters(200) },
  {
    route: 'PUT /api/hunter-picks/today',
    url: () => '/api/hunter-picks/today',
    body: () => ({ brandId: 1, note: 'A matrix pick.' }),
    expect: owners({ hunter: 403, otherHunter: 403 }),
  },
  { route: 'GET /api/admin/hunter-pick-rota', url: () => '/api/admin/hunter-pick-rota', expect: adminOnly(200) },
  {
    route: 'PUT /api/admin/hunter-pick-rota',
    url: () => '/api/admin/hunter-pick-rota',
    body: () => ({ hunterIds: 'not a list' }),
    expect: adminOnly(400),
  },
  // ── featuring: the admin's; unfeaturing a fixture hunter changes nothing anyone is shown
  {
    route: 'POST /api/admin/hunters/:id/feature',
    url: (f) => `/api/admin/hunters/${f.hunter.id}/feature`,
    body: () => ({ featured: false }),
    expect: adminOnly(200),
  },
  // ── vetting: the queue and the decisions are the admin's (the fixture hunters are approved already, so a second
  // approval is a 409; a suspension without a reason a 400: the matrix never changes who is listed)
  { route: 'GET /api/admin/hunters', url: () => '/api/admin/hunters?status=all', expect: adminOnly(200) },
  { route: 'GET /api/admin/hunters/:id', url: (f) => `/api/admin/hunters/${f.hunter.id}`, expect: adminOnly(200) },
  {
    route: 'POST /api/admin/hunters/:id/approve',
    url: (f) => `/api/admin/hunters/${f.hunter.id}/approve`,
    body: () => ({}),
    expect: adminOnly(409),
  },
  {
    route: 'POST /api/admin/hunters/:id/reject',
    url: (f) => `/api/admin/hunters/${f.hunter.id}/reject`,
    body: () => ({ reason: 'Matrix' }),
    expect: adminOnly(409),
  },
  {
    route: 'POST /api/admin/hunters/:id/suspend',
    url: (f) => `/api/admin/hunters/${f.hunter.id}/suspend`,
    body: () => ({}),
    expect: adminOnly(400),
  },
  {
    route: 'POST /api/admin/hunters/:id/reinstate',
    url: (f) => `/api/admin/hunters/${f.hunter.id}/reinstate`,
    body: () => ({}),
    expect: adminOnly(409),
  },
  // ── revisions (decision 0089): the decisions on otherHunter's real pending change of bio are the admin's; a
  // rejection without a reason is a 400, the approval applies the bio (no other row reads it)
  {
    route: 'POST /api/admin/hunters/:id/revisions/:revisionId/reject',
    url: (f) => `/api/admin/hunters/${f.otherHunter.id}/revisions/${f.otherHunterRevisionId}/reject`,
    body: () => ({}),
    expect: adminOnly(400),
  },
  {
    route: 'POST /api/admin/hunters/:id/revisions/:revisionId/approve',
    url: (f) => `/api/admin/hunters/${f.otherHunter.id}/revisions/${f.otherHunterRevisionId}/approve`,
    body: () => ({}),
    expect: adminOnly(200),
    sees: (body) => {
      const hunter = body as { pendingRevision: unknown; decisions: { decision: string }[] };
      expect(hunter.pendingRevision).toBeNull();
      expect(hunter.decisions[0]).toMatchObject({ decision: 'approve-revision' });
    },
  },
  { route: 'GET /api/admin/contact-submissions', url: () => '/api/admin/contact-submissions', expect: adminOnly(200) },
  {
    route: 'GET /api/conversations',
    url: () => '/api/conversations',
    expect: signedIn(200),
    sees: (body, as, f) =>
      onlyListedFor(['member', 'hunter'], () => f.conversationId)(body as ConversationSummary[], as, f),
  },
  { route: 'GET /api/conversations/unread-count', url: () => '/api/conversations/unread-count', expect: signedIn(200) },
  {
    route: 'GET /api/hunter-conversations',
    url: () => '/api/hunter-conversations',
    expect: signedIn(200),
    sees: onlyListedFor(['hunter'], (f) => f.conversationId),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    expect: owners({ member: 200, hunter: 200 }),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    case: "nobody's id",
    url: () => '/api/conversations/no-such-thread/messages',
    expect: owners({}),
  },
  {
    route: 'POST /api/conversations/:id/messages',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    body: (f, as) => ({ content: `Written by ${as}`, receiverId: as === 'hunter' ? f.userId.member : f.userId.hunter }),
    expect: owners({ member: 201, hunter: 201 }),
  },
  // A participant cannot address a message to someone outside the conversation.
  {
    route: 'POST /api/conversations/:id/messages',
    case: 'to a stranger',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    body: (f, as) => ({ content: `Misaddressed by ${as}`, receiverId: f.userId.otherMember }),
    expect: owners({ member: 400, hunter: 400 }),
  },
  {
    route: 'POST /api/conversations/:id/read',
    url: (f) => `/api/conversations/${f.conversationId}/read`,
    body: () => ({}),
    expect: owners({ member: 204, hunter: 204 }),
  },

  // ── brand images (issue 35, decision 0093): a brand form's image, uploaded or fetched once from a link, stored by
  // brands and served from the site. Any signed-in member may add one (the submission form); serving is public.
  // Kept as a block of its own, apart from the fixtures' rows above.
  {
    route: 'POST /api/brand-images',
    url: () => '/api/brand-images',
    body: () => ({ image: PNG_DATA_URL }),
    expect: signedIn(201),
    sees: (body) =>
      expect((body as { imageUrl: string }).imageUrl).toMatch(/^\/api\/media\/brand-images\/[0-9a-f-]{36}$/),
  },
  {
    route: 'GET /api/media/brand-images/:photoId',
    case: 'an image brands never stored',
    url: () => '/api/media/brand-images/00000000-0000-4000-8000-000000000000',
    expect: everyone(404),
  },
  {
    route: 'GET /api/media/brand-images/:photoId',
    case: 'an id that is not a UUID',
    url: () => '/api/media/brand-images/not-a-uuid',
    expect: everyone(404),
  },

  // ── your data (decision 0098): the member's ready export, its six parts and its archive are the member's only;
  // a deletion acts on the caller's own account; the deletions' progress is the admins'; preferences are the caller's
  {
    route: 'GET /api/account/data-exports/current',
    url: () => '/api/account/data-exports/current',
    expect: signedIn(200),
    sees: (body, as, f) => {
      const current = (body as CurrentDataExportResponse).export;
      if (as === 'member') expect(current?.id).toBe(f.memberExport.id);
      else expect(current?.id, `${as} must not see the member's export`).not.toBe(f.memberExport.id);
    },
  },
  {
    route: 'GET /api/account/data-exports/:id',
    url: (f) => `/api/account/data-exports/${f.memberExport.id}`,
    expect: owners({ member: 200 }),
    sees: (body) => expect((body as DataExportView).status).toBe('ready'),
  },
  ...DATA_EXPORT_SERVICES.map((service): MatrixRow => ({
    route: `GET /api/account/data-exports/:exportId/parts/${service}`,
    url: (f) => dataExportPartPath(f.memberExport.id, service),
    expect: owners({ member: 200 }),
    sees: (body) => expect((body as DataExportPart).files.map((file) => file.path)).toContain(`${service}/README.md`),
  })),
  {
    route: 'GET /api/account/data-exports/:id/archive',
    url: (f) => dataExportArchivePath(f.memberExport.id),
    expect: owners({ member: 200 }),
  },
  {
    route: 'GET /api/account/deletion',
    url: () => '/api/account/deletion',
    expect: signedIn(200),
    sees: (body) => expect((body as CurrentAccountDeletionResponse).deletion).toBeNull(),
  },
  {
    route: 'POST /api/account/deletion',
    case: "an email that is not the caller's",
    url: () => '/api/account/deletion',
    body: () => ({ email: `nobody-${RUN}@example.test` }),
    expect: signedIn(400),
  },
  // The caller's own acceptances of the terms (decision 0103): every persona accepted both current versions.
  {
    route: 'GET /api/account/terms-acceptances',
    url: () => TERMS_ACCEPTANCES_PATH,
    expect: signedIn(200),
    sees: (body) => expect((body as TermsAcceptancesResponse).accepted).toEqual(['terms', 'hunterTerms']),
  },
  {
    route: 'POST /api/account/terms-acceptances',
    url: () => TERMS_ACCEPTANCES_PATH,
    body: () => ({ document: 'hunterTerms', version: LEGAL_DOCUMENT_VERSIONS.hunterTerms }),
    expect: signedIn(200),
    sees: (body) => expect((body as TermsAcceptancesResponse).accepted).toContain('hunterTerms'),
  },
  {
    route: 'POST /api/account/terms-acceptances',
    case: 'a version that is not the current one',
    url: () => TERMS_ACCEPTANCES_PATH,
    body: () => ({ document: 'terms', version: '2000-01-01' }),
    expect: signedIn(400),
  },
  // The caller's own time zone (issue 38 item 3), which their emails and invites use: London, as they read it already.
  {
    route: 'PUT /api/account/time-zone',
    url: () => TIME_ZONE_PATH,
    body: () => ({ timeZone: 'Europe/London' }),
    expect: signedIn(200),
    sees: (body) => expect((body as CurrentUserResponse).timeZone).toBe('Europe/London'),
  },
  {
    route: 'PUT /api/account/time-zone',
    case: 'a zone the clock does not know',
    url: () => TIME_ZONE_PATH,
    body: () => ({ timeZone: 'Europe/Atlantis' }),
    expect: signedIn(400),
  },
  {
    route: 'GET /api/admin/deletions',
    url: () => '/api/admin/deletions',
    expect: adminOnly(200),
    sees: (body, _as, f) =>
      expect((body as AdminDeletionsResponse).deletions.map((row) => row.id)).toContain(f.finishedDeletionId),
  },
  {
    route: 'POST /api/admin/deletions/:id/retry',
    case: 'a deletion every service has finished',
    url: (f) => `/api/admin/deletions/${f.finishedDeletionId}/retry`,
    expect: adminOnly(409),
  },
  { route: 'GET /api/email-preferences', url: () => '/api/email-preferences', expect: signedIn(200) },
  {
    route: 'PUT /api/email-preferences',
    url: () => '/api/email-preferences',
    body: () => ({ news: false }),
    expect: signedIn(200),
  },
  // The signed links of optional emails need no session: a forged token changes nothing, for anyone.
  {
    route: 'POST /api/email-preferences/unsubscribe',
    case: 'a forged token',
    url: () => '/api/email-preferences/unsubscribe?token=forged',
    expect: everyone(400),
  },
  {
    route: 'POST /api/email-preferences/resubscribe',
    case: 'a forged token',
    url: () => '/api/email-preferences/resubscribe?token=forged',
    expect: everyone(400),
  },
  {
    route: 'GET /api/email-preferences/unsubscribe',
    url: () => '/api/email-preferences/unsubscribe?token=forged',
    expect: everyone(303),
  },

  // ── last: a member becomes a hunter, and everyone signs in and out
  {
    route: 'POST /api/hunters',
    url: () => '/api/hunters',
    body: (_f, as) => ({ ...hunterProfile(`Matrix ${as} ${RUN}`, false), profileImageUrl: PNG_DATA_URL }),
    expect: { guest: 401, member: 201, otherMember: 201, admin: 201, hunter: 409, otherHunter: 409 },
    last: true,
  },
  // A new export replaces the member's ready one, so it comes after every row that reads it.
  {
    route: 'POST /api/account/data-exports',
    url: () => '/api/account/data-exports',
    expect: signedIn(200),
    sees: (body, as) => {
      if (as !== 'guest') expect((body as DataExportView).status).toBe('assembling');
    },
    last: true,
  },
  { route: 'GET /api/login', url: () => '/api/login', expect: everyone(302), last: true },
  // Without the provider's answer nobody is signed in: back to the site, a signed-in session left as it was.
  { route: 'GET /api/callback', url: () => '/api/callback', expect: everyone(302), last: true },
  { route: 'GET /api/logout', url: () => '/api/logout', expect: everyone(302), last: true },
];

/**
 * Cells whose answer is written as issue 19 wants it and which another change of that issue delivers. A mismatch
 * here is reported, not failed; once the answer is right the test fails until the entry is removed.
 */
export const AWAITING: Readonly<Record<string, string>> = {};
