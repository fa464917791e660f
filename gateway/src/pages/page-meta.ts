import { brandSlug, formatWholePrice, hunterPagePath, PAGE_PATHS, type PageName } from '@hunted/contracts';

/** What a page tells machines about itself: the document's title, description, canonical link and share card. */
export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** The page's one address (a path), or null when it has none to give (signed-in pages, not found, facts unknown). */
  canonicalPath: string | null;
  /** A picture a link preview can show: an absolute URL or a path on this site. */
  image: string;
  imageAlt: string;
  type: 'website' | 'profile';
  /**
   * The picture the page shows largest above the fold (a brand's own image), preloaded from the head: otherwise the
   * browser finds it only once the scripts have drawn the page, and on a slow phone it is the last thing to arrive.
   */
  heroImage?: string;
  /** Kept out of search indexes though it is there: a page only an email's link or a deletion leads to. */
  noindex?: boolean;
}

/** The fields of a brand (`GET /api/brands/{id}`) a page's meta is made of. */
export interface BrandFacts {
  id: number;
  name: string;
  description: string;
  category: string;
  location: string;
  imageUrl: string;
}

/** The fields of a hunter (`GET /api/hunters/{id}`) a page's meta is made of. */
export interface HunterFacts {
  id: number;
  name: string;
  bio: string;
  specialties: string[];
  location: string;
  profileImageUrl: string | null;
  pricePerSession: number;
  /** What the price is in (whole units of it; decision 0105). */
  currency: string;
  /** The average of the hunter's reviews, null while they have none. */
  rating: number | null;
  reviewCount: number;
}

/** Today's Hunter's Pick (`GET /api/hunter-picks/today`), as the share preview of /today names it. */
export interface TodayPickFacts {
  day: string;
  hunterName: string;
  brandName: string;
  brandImageUrl: string | null;
  note: string;
}

const SITE = 'Hunted';
/** A 1200×630 card of the site (web/public), for pages whose own picture a link preview could not show. */
export const SITE_CARD_IMAGE = '/og-card.png';
const SITE_CARD_ALT = 'Hunted: discover independent brands and book a style hunter';
/** Search engines show about 155–160 characters of a description. */
const DESCRIPTION_LENGTH = 160;

const site = (title: string) => `${title} · ${SITE}`;

/** The fixed pages: what a search result or a shared link says about each. */
const FIXED: Partial<Record<PageName, { title: string; description: string }>> = {
  home: {
    title: site('Discover and Support Independent Brands'),
    description:
      'Discover independent brands from the UK and Europe, vote for your favourites, read honest reviews and book a personal style hunter.',
  },
  today: {
    title: site("Today's Top Independent Brands"),
    description:
      'The independent brands the Hunted community is voting for today. One vote per brand a day; the ranking starts afresh at midnight London time.',
  },
  brands: {
    title: site('Browse Independent Brands'),
    description:
      'Browse independent brands from across the UK and Europe by category, country, delivery and price, or by values such as handmade and sustainable.',
  },
  bookAHunter: {
    title: site('Book a Style Hunter'),
    description:
      'Find a personal style hunter who knows independent fashion: search by specialty, location and price, then book a one-to-one session.',
  },
  becomeHunter: {
    title: site('Become a Style Hunter'),
    description:
      'Share your eye for independent style: create a hunter profile, set your sessions and prices, and get booked by clients across the UK and Europe.',
  },
  faq: {
    title: site('Frequently Asked Questions'),
    description:
      'How Hunted works: how brands are listed, ranked and featured, how voting, reviews and comments work, and which countries we cover.',
  },
  terms: {
    title: site('Terms of Service'),
    description:
      'The terms for using Hunted and booking a style hunter: accounts, payments, the 24-hour cancellation rule, your 14-day right to cancel, and reviews.',
  },
  hunterTerms: {
    title: site('Hunter Terms'),
    description:
      'What style hunters agree to on Hunted: vetting, the platform fee per paid booking, payouts through Stripe Connect, conduct and suspension.',
  },
  privacy: {
    title: site('Privacy Notice'),
    description:
      'What personal data Hunted holds, why and for how long, who processes it (Stripe, email, hosting) and how to access, export or erase it.',
  },
  cookies: {
    title: site('Cookie Notice'),
    description:
      'The cookies Hunted sets, what each is for and how long it lasts. All are strictly necessary, so there is no cookie banner.',
  },
  contact: {
    title: site('Contact Us'),
    description:
      "Questions, brand suggestions, partnerships or a bug to report? Send the Hunted team a message and we'll get back to you.",
  },
};

/**
 * Pages a search result must never offer: /unsubscribe is reached from an email's link (its token names a member
 * and a kind of email) and /account-deleted only after a deletion. Unlike the signed-in pages they are not in
 * robots.txt's Disallow list: a crawler that may not fetch a page cannot read its noindex either, and guests open
 * them, so their scripts are preloaded as any open page's are. An author's moderation notice (decision 0101) is a
 * signed-in page, kept from crawlers by robots.txt, and says noindex too: it is linked from an email, and a search
 * engine that learns a URL from elsewhere may list it unfetched.
 */
export const NOINDEX_PAGES: ReadonlySet<PageName> = new Set<PageName>(['unsubscribe', 'accountDeleted', 'moderationNotice']);

/** The site's own words, for every page that has none of its own (signed-in pages, or when a service is away). */
const GENERIC = {
  title: `${SITE} · Discover Independent Brands`,
  description: FIXED.home!.description,
};

function siteCard(): Pick<PageMeta, 'image' | 'imageAlt'> {
  return { image: SITE_CARD_IMAGE, imageAlt: SITE_CARD_ALT };
}

/** The fixed pages a sitemap lists, by their canonical paths. */
export const FIXED_PAGE_PATHS: readonly string[] = Object.keys(FIXED).map((name) => PAGE_PATHS[name as PageName]);

function makeGenericMeta(page: PageName | null): PageMeta {
  const fixed = page ? FIXED[page] : undefined;
  return Object.freeze({
    status: 200,
    ...(fixed ?? GENERIC),
    canonicalPath: fixed && page ? PAGE_PATHS[page] : null,
    ...siteCard(),
    type: 'website',
    ...(page && NOINDEX_PAGES.has(page) ? { noindex: true } : {}),
  });
}

/**
 * Every page's and subject's meta is made once and then reused as the same object (the fixed ones here, a brand's
 * or hunter's for as long as its cached facts live), so the gateway can keep each one's rendered head.
 */
const GENERIC_META = new Map<PageName | null, PageMeta>(
  [null, ...(Object.keys(PAGE_PATHS) as PageName[])].map((page) => [page, makeGenericMeta(page)]),
);
const NOT_FOUND_META = {
  page: Object.freeze({ ...makeGenericMeta(null), status: 404, title: site('Page Not Found') }),
  brand: Object.freeze({ ...makeGenericMeta(null), status: 404, title: site('Brand not found') }),
  hunter: Object.freeze({ ...makeGenericMeta(null), status: 404, title: site('Hunter not found') }),
} as const satisfies Record<string, PageMeta>;

/** Meta of a page that says only what the site is: a page route with nothing of its own to tell. */
export function genericMeta(page: PageName | null): PageMeta {
  return GENERIC_META.get(page)!;
}

/** A path the SPA shows 'Page Not Found' for, or a brand or hunter that does not exist: 404 with the SPA's words. */
export function notFoundMeta(what: 'page' | 'brand' | 'hunter'): PageMeta {
  return NOT_FOUND_META[what];
}

/** `make(facts)`, made once per facts object (the cache hands out the same object until it refreshes). */
function onceEach<T extends object>(make: (facts: T) => PageMeta): (facts: T) => PageMeta {
  const made = new WeakMap<T, PageMeta>();
  return (facts) => {
    let meta = made.get(facts);
    if (!meta) made.set(facts, (meta = Object.freeze(make(facts))));
    return meta;
  };
}

/**
 * Text cut to at most `max` characters at a word boundary, with an ellipsis when cut; runs of whitespace (line
 * breaks of a long description) become one space.
 */
export function cutAtWord(text: string, max = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  // A first word longer than the room is cut inside it rather than leaving nothing.
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:!?–—-]+$/, '')}…`;
}

/**
 * A picture link previews can show: chat apps and social networks do not render SVG (the demo brands' pictures
 * and the placeholder), and a path that is not http(s) is no picture at all.
 */
function previewImage(url: string | null | undefined): string | null {
  const shown = pageImage(url);
  if (!shown) return null;
  const path = shown.split(/[?#]/)[0] ?? '';
  return /\.svg$/i.test(path) ? null : shown;
}

/** A picture a page may load: a path on this site or an http(s) URL (SVG included), nothing else. */
function pageImage(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

export function brandPath(brand: Pick<BrandFacts, 'id' | 'name'>): string {
  const slug = brandSlug(brand.name);
  return slug ? `/brand/${brand.id}/${slug}` : `/brand/${brand.id}`;
}

/** The hunter's public page (`/hunters/{id}/{slug}`): the one address of both it and the hunter's booking page. */
export function hunterPath(hunter: Pick<HunterFacts, 'id' | 'name'>): string {
  return hunterPagePath(hunter);
}

export const brandMeta = onceEach((brand: BrandFacts): PageMeta => {
  const about =
    brand.description.trim() ||
    `${brand.name}, an independent ${brand.category.toLowerCase()} brand from ${brand.location}, on Hunted.`;
  const image = previewImage(brand.imageUrl);
  const hero = pageImage(brand.imageUrl);
  return {
    status: 200,
    title: site(brand.name),
    description: cutAtWord(about),
    canonicalPath: brandPath(brand),
    ...(image ? { image, imageAlt: brand.name } : siteCard()),
    type: 'website',
    ...(hero ? { heroImage: hero } : {}),
  };
});

/** A list of words as a person writes it: 'a', 'a and b', 'a, b and c'. */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const hunterMeta = onceEach((hunter: HunterFacts): PageMeta => {
  const specialties = hunter.specialties.length ? ` for ${inWords(hunter.specialties)}` : '';
  const price = hunter.pricePerSession > 0 ? ` Sessions from ${formatWholePrice(hunter.pricePerSession, hunter.currency)}.` : '';
  const rated =
    hunter.rating !== null && hunter.reviewCount > 0
      ? ` Rated ${hunter.rating.toFixed(1)}/5 from ${hunter.reviewCount} review${hunter.reviewCount === 1 ? '' : 's'}.`
      : '';
  const intro = `Book a session with ${hunter.name}, a style hunter in ${hunter.location}${specialties}.${price}${rated}`;
  const image = previewImage(hunter.profileImageUrl);
  return {
    status: 200,
    title: site(`Book ${hunter.name}, Style Hunter`),
    description: cutAtWord(`${intro} ${hunter.bio}`),
    canonicalPath: hunterPath(hunter),
    ...(image ? { image, imageAlt: hunter.name } : siteCard()),
    type: 'profile',
  };
});

/**
 * /today with the day's Hunter's Pick (issue 25): a shared link says which brand which hunter picked, and shows the
 * brand's picture when a preview can show it.
 */
export const todayMeta = onceEach((pick: TodayPickFacts): PageMeta => {
  const today = genericMeta('today');
  const image = previewImage(pick.brandImageUrl);
  return {
    ...today,
    description: cutAtWord(
      `Hunter's Pick: ${pick.brandName}, chosen by ${pick.hunterName}: “${pick.note}” ${today.description}`,
    ),
    ...(image ? { image, imageAlt: pick.brandName } : {}),
  };
});
