/**
 * The style passport (issue 25): what a client chooses, on the booking page, to show the hunter they book. The
 * choices (`PassportShares`) travel with the booking's hold or free booking to bookings, which keeps them on the
 * booking and puts them in its events; brands keeps a copy of each booking's grant and answers the passport itself
 * (`/api/style-passport`: the member's own, everything they could share; `/api/style-passports/{bookingId}`: the
 * parts shared, to the booking's hunter from confirmation until PASSPORT_LIMITS.daysAfterSession days after the
 * session ends, and to its client). The question and photos stay with bookings: with `question` off the hunter is
 * not shown them (an 'Ask Me a Question' session always shares its question: it is what the hunter answers).
 */
import type { BrandRef } from './hunter-edits.js';

export const PASSPORT_PARTS = ['savedBrands', 'votedBrands', 'reviewedBrands', 'filterHabits', 'question'] as const;
export type PassportPart = (typeof PASSPORT_PARTS)[number];
export type PassportShares = Record<PassportPart, boolean>;

/** A booking made without the passport screen shares no part of the passport; its question stays the hunter's. */
export const DEFAULT_PASSPORT_SHARES: PassportShares = {
  savedBrands: false,
  votedBrands: false,
  reviewedBrands: false,
  filterHabits: false,
  question: true,
};

export const PASSPORT_PART_LABELS: Record<PassportPart, string> = {
  savedBrands: 'Your saved brands',
  votedBrands: 'Brands you voted for',
  reviewedBrands: 'Brands you reviewed',
  filterHabits: 'The values and price levels you filter by most',
  question: "This booking's question and photos",
};

export const PASSPORT_LIMITS = {
  /** Brands shown per part, the most recent first. */
  brandsPerPart: 24,
  /** Value tags and price levels shown, the most used first. */
  topFilters: 5,
  /** The hunter sees the passport until this many days after the session ends. */
  daysAfterSession: 7,
} as const;

export const PASSPORT_MESSAGES = {
  notFound: 'Style passport not found',
  questionAlwaysShared: "An 'Ask Me a Question' session always shares your question: it is what the hunter answers",
} as const;

/** How often a member filtered the directory by a value. */
export interface FilterHabit {
  value: string;
  uses: number;
}

/** A passport: each part, or null when it is not shared. */
export interface StylePassport {
  savedBrands: BrandRef[] | null;
  votedBrands: BrandRef[] | null;
  reviewedBrands: BrandRef[] | null;
  filterHabits: { valueTags: FilterHabit[]; priceLevels: FilterHabit[] } | null;
}

/** `GET /api/style-passports/{bookingId}`: what the booking's client shared with its hunter, and until when. */
export interface SharedStylePassport {
  bookingId: string;
  shares: PassportShares;
  passport: StylePassport;
  /** The end of the hunter's access (session end + 7 days). */
  visibleUntil: string;
}
