import type http from 'node:http';
import { getJson } from '../upstream-agent.js';
import type { BrandFacts, HunterFacts, TodayPickFacts } from './page-meta.js';

/** What a service said about a page's subject: it exists (with its facts), it does not, or nobody knows just now. */
export type Lookup<T> = { state: 'found'; facts: T } | { state: 'missing' } | { state: 'unknown' };

export interface PageFactsOptions {
  brandsUrl: string;
  huntersUrl: string;
  agent: http.Agent;
  /** How long an answer (found or missing) is reused. */
  ttlMs: number;
  /** How long a page waits for a service before it is served with the generic values. */
  timeoutMs: number;
  now?: () => number;
}

interface Entry {
  lookup: Lookup<unknown>;
  expiresAt: number;
}

/** Entries kept at most; the oldest go first, so a crawl of every id cannot grow memory. */
const MAX_ENTRIES = 10_000;
/** Lookups under way at once, all services together; past it a page is served generic rather than queue on a service. */
const MAX_IN_FLIGHT = 64;
/** After a failure (down, slow, 5xx) a service is not asked again for this long: pages are served generic at once. */
const RESTING_MS = 5_000;

type Service = 'brands' | 'hunters';

const isText = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown): value is number => Number.isInteger(value);

/** The fields a brand's meta needs, from `GET /api/brands/{id}`'s body, or null when it is not a brand. */
function brandFactsOf(body: unknown): BrandFacts | null {
  const b = body as Partial<BrandFacts> | null;
  if (!b || !isId(b.id) || !isText(b.name) || !isText(b.description) || !isText(b.category) || !isText(b.location)) return null;
  return { id: b.id, name: b.name, description: b.description, category: b.category, location: b.location, imageUrl: isText(b.imageUrl) ? b.imageUrl : '' };
}

/** The fields a hunter's meta needs, from `GET /api/hunters/{id}`'s body, or null when it is not a hunter. */
function hunterFactsOf(body: unknown): HunterFacts | null {
  const h = body as Partial<HunterFacts> | null;
  if (!h || !isId(h.id) || !isText(h.name) || !isText(h.location) || !Array.isArray(h.specialties)) return null;
  return {
    id: h.id,
    name: h.name,
    bio: isText(h.bio) ? h.bio : '',
    specialties: h.specialties.filter(isText),
    location: h.location,
    profileImageUrl: isText(h.profileImageUrl) ? h.profileImageUrl : null,
    pricePerSession: typeof h.pricePerSession === 'number' ? h.pricePerSession : 0,
    currency: isText(h.currency) ? h.currency : 'GBP',
    rating: typeof h.rating === 'number' ? h.rating : null,
    reviewCount: typeof h.reviewCount === 'number' ? h.reviewCount : 0,
  };
}

/** Today's pick from `GET /api/hunter-picks/today`'s body; null (no pick today) reads as missing. */
function todayPickFactsOf(body: unknown): TodayPickFacts | null {
  const pick = (body as { pick?: unknown } | null)?.pick as
    | { day?: unknown; hunter?: { name?: unknown }; brandName?: unknown; brand?: { imageUrl?: unknown } | null; note?: unknown }
    | null
    | undefined;
  if (!pick || !isText(pick.day) || !isText(pick.hunter?.name) || !isText(pick.brandName) || !isText(pick.note)) return null;
  return {
    day: pick.day,
    hunterName: pick.hunter.name,
    brandName: pick.brandName,
    brandImageUrl: isText(pick.brand?.imageUrl) ? pick.brand.imageUrl : null,
    note: pick.note,
  };
}

/**
 * The facts a page's meta is made of, read from the owning service through the route the SPA itself reads
 * (`GET /api/brands/{id}`, `GET /api/hunters/{id}`), as a guest, over the gateway's keep-alive pool. Answers are
 * cached for `ttlMs` (a missing id too), concurrent lookups of one id share a call, and a page never waits longer
 * than `timeoutMs`: a service that is down, slow or failing makes the page say 'unknown' (generic values, status
 * 200) and is left alone for a few seconds, while an expired answer is still used if the refresh fails.
 */
export class PageFacts {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Lookup<unknown>>>();
  private readonly restingUntil: Record<Service, number> = { brands: 0, hunters: 0 };
  private readonly now: () => number;

  constructor(private readonly options: PageFactsOptions) {
    this.now = options.now ?? Date.now;
  }

  brand(id: number): Promise<Lookup<BrandFacts>> {
    return this.lookup('brands', `${this.options.brandsUrl}/api/brands/${id}`, brandFactsOf);
  }

  hunter(id: number): Promise<Lookup<HunterFacts>> {
    return this.lookup('hunters', `${this.options.huntersUrl}/api/hunters/${id}`, hunterFactsOf);
  }

  /** Today's Hunter's Pick; 'missing' while there is none today. */
  todayPick(): Promise<Lookup<TodayPickFacts>> {
    return this.lookup('hunters', `${this.options.huntersUrl}/api/hunter-picks/today`, todayPickFactsOf, true);
  }

  private async lookup<T>(
    service: Service,
    url: string,
    read: (body: unknown) => T | null,
    /** A 200 whose body has no facts means "none" (today's pick before it is made), not an unknown answer. */
    emptyIsMissing = false,
  ): Promise<Lookup<T>> {
    const now = this.now();
    const cached = this.entries.get(url);
    if (cached && cached.expiresAt > now) return cached.lookup as Lookup<T>;
    const stale = (cached?.lookup ?? { state: 'unknown' }) as Lookup<T>;
    if (this.restingUntil[service] > now) return stale;
    let pending = this.inFlight.get(url) as Promise<Lookup<T>> | undefined;
    if (!pending) {
      if (this.inFlight.size >= MAX_IN_FLIGHT) return stale;
      pending = this.fetch(service, url, read, emptyIsMissing).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    const lookup = await pending;
    return lookup.state === 'unknown' ? stale : lookup;
  }

  private async fetch<T>(service: Service, url: string, read: (body: unknown) => T | null, emptyIsMissing: boolean): Promise<Lookup<T>> {
    let lookup: Lookup<T>;
    try {
      const { status, body } = await getJson(url, {}, this.options.agent, this.options.timeoutMs);
      const facts = status === 200 ? read(body) : null;
      lookup = facts
        ? { state: 'found', facts }
        : status === 404 || (status === 200 && emptyIsMissing)
          ? { state: 'missing' }
          : { state: 'unknown' };
    } catch {
      lookup = { state: 'unknown' };
    }
    if (lookup.state === 'unknown') {
      this.restingUntil[service] = this.now() + RESTING_MS;
      return lookup;
    }
    this.entries.delete(url);
    this.entries.set(url, { lookup, expiresAt: this.now() + this.options.ttlMs });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return lookup;
  }
}
