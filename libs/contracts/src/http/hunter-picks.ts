/**
 * Hunter's Pick on /today (issue 25, answered by the hunters service): each London day one approved hunter on the
 * admins' rota is the day's picker (chosen at London midnight, as brands' featured pick is) and picks one directory
 * brand with a two-line note; /today shows it beside the crowd's #1, and its share preview names it.
 */
import type { BrandRef, HunterEditAuthor } from './hunter-edits.js';

export const HUNTER_PICK_LIMITS = {
  /** The note: two lines at most, 200 characters in all. */
  note: 200,
  noteLines: 2,
  /** The rota: each approved hunter once, at most this many. */
  rota: 500,
} as const;

export const HUNTER_PICK_MESSAGES = {
  notYourDay: "It is not your day to pick: the Hunter's Pick is today's hunter's",
  brand: 'Pick a brand from the directory',
  note: 'Write a note of up to two lines (200 characters)',
  rota: 'The rota lists approved hunters, each once (up to 500)',
} as const;

/** Today's pick as /today shows it: null until the day's hunter has picked. */
export interface HunterPick {
  /** The London day (YYYY-MM-DD). */
  day: string;
  hunter: HunterEditAuthor;
  /** Null once the brand has left the directory (`brandName` keeps its name). */
  brand: BrandRef | null;
  brandName: string;
  note: string;
  pickedAt: string;
}

/** `GET /api/hunter-picks/today` (public). */
export interface TodayHunterPick {
  pick: HunterPick | null;
}

/** `GET /api/hunter-picks/mine` (a hunter): whether today is theirs, and their pick if made. */
export interface MyHunterPickDay {
  day: string;
  isMyDay: boolean;
  pick: HunterPick | null;
}

/** `PUT /api/hunter-picks/today` (today's hunter only; may change it during the day). */
export interface HunterPickInput {
  brandId: number;
  note: string;
}

/** One hunter on the rota (admin console). */
export interface HunterPickRotaEntry {
  position: number;
  hunter: HunterEditAuthor;
}

/** `GET`/`PUT /api/admin/hunter-pick-rota`: the order, and who picks today (null: nobody yet). */
export interface HunterPickRota {
  entries: HunterPickRotaEntry[];
  today: { day: string; hunterId: number } | null;
}
export interface HunterPickRotaInput {
  hunterIds: number[];
}
