import {
  DEFAULT_HUNTER_SORT,
  type HunterLanguage,
  type HunterLocation,
  type HunterService,
  type HunterSort,
  type HunterSpecialty,
  type PriceBand,
} from '@hunted/contracts';
import { filtersFromAddress, filtersToAddress } from '@/lib/url-filters';
import type { HunterQuery } from '../api/get-hunters';

/** The /book-a-hunter filter state: every list 'all' by default, sorted by 'Our top picks'. */
export type HunterFilters = {
  search: string;
  price: string;
  location: string;
  specialty: string;
  service: string;
  /** A language the hunter speaks ('all' for any). */
  language: string;
  /** A directory brand's id ('' for none): hunters who know it. */
  brand: string;
  /** A brand value tag ('all' for none): hunters who know a brand with it. */
  valueTag: string;
  sort: string;
};

export const DEFAULT_HUNTER_FILTERS: HunterFilters = {
  search: '',
  price: 'all',
  location: 'all',
  specialty: 'all',
  service: 'all',
  language: 'all',
  brand: '',
  valueTag: 'all',
  sort: DEFAULT_HUNTER_SORT,
};

/** Reads the filters from the address; a missing or empty parameter is the default. */
export const hunterFiltersFromSearch = (search: URLSearchParams): HunterFilters =>
  filtersFromAddress(search, DEFAULT_HUNTER_FILTERS);

/** The address's parameters: only those that differ from the default, in a stable order. */
export const hunterFiltersToSearch = (filters: HunterFilters): URLSearchParams =>
  filtersToAddress(filters, DEFAULT_HUNTER_FILTERS);

export function isDefaultHunterFilters(filters: HunterFilters): boolean {
  return hunterFiltersToSearch(filters).toString() === '';
}

/**
 * The server query: 'all' and an empty search are no filter, the default sort is left to the server. A value the
 * lists lack is still sent, so the server's 400 names it rather than the page quietly ignoring it.
 */
export function toHunterQuery(filters: HunterFilters): HunterQuery {
  const query: HunterQuery = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.price !== 'all') query.price = filters.price as PriceBand;
  if (filters.location !== 'all') query.location = filters.location as HunterLocation;
  if (filters.specialty !== 'all') query.specialty = filters.specialty as HunterSpecialty;
  if (filters.service !== 'all') query.service = filters.service as HunterService;
  if (filters.language !== 'all') query.language = filters.language as HunterLanguage;
  const brand = brandIdOf(filters.brand);
  if (brand !== null) query.brand = brand;
  if (filters.valueTag !== 'all') query.valueTag = filters.valueTag;
  if (filters.sort !== DEFAULT_HUNTER_SORT) query.sort = filters.sort as HunterSort;
  return query;
}

/** The brand filter's id, or null when it names none (empty, or not a whole number above 0). */
export function brandIdOf(value: string): number | null {
  const id = Number(value);
  return value.trim() !== '' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The count line, in the spec's words. */
export function huntersCountLabel(count: number): string {
  return `${count} hunters available`;
}

export type StatusTone = 'green' | 'yellow' | 'red';

/** The spec's status colours: Available green, Busy yellow, any other value red. */
export function statusTone(status: string): StatusTone {
  if (status === 'Available') return 'green';
  if (status === 'Busy') return 'yellow';
  return 'red';
}

/** The link only when it is an absolute http(s) address; anything else (javascript:, data:, relative) is not shown. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Up to two initials of a name, for a hunter without a photo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('') || '?';
}
