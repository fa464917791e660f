import type { Redis } from 'ioredis';

export const DAY_MS = 24 * 3_600_000;

/**
 * EVENT_RETENTION_DAYS in milliseconds, as an option to spread: empty when the configuration lacks a usable value
 * (a hand-made config object), so the relay's and consumer's own default applies instead of NaN.
 */
export function retentionOption(days: number | undefined): { retentionMs?: number } {
  return typeof days === 'number' && Number.isFinite(days) && days > 0 ? { retentionMs: days * DAY_MS } : {};
}

/**
 * The oldest stream entry time a periodic prune keeps. Pruning runs every `pruneIntervalMs`, so it removes what
 * would pass the retention before the next run: no entry (and no email in a payload) stays in Redis longer than
 * the retention. When the interval is not small next to the retention (tests), half the retention is kept.
 */
export function redisPruneCutoffMs(now: number, retentionMs: number, pruneIntervalMs: number): number {
  return now - Math.max(retentionMs - pruneIntervalMs, retentionMs / 2);
}

/** The time part of a stream entry id (`<ms>-<seq>`), or NaN for something else. */
export function streamIdTimeMs(id: string): number {
  const match = /^(\d+)(?:-\d+)?$/.exec(id);
  return match ? Number(match[1]) : Number.NaN;
}

/** Removes every entry of a stream older than `cutoffMs`, exactly (not only whole nodes as `~` would). */
export async function trimStreamBefore(redis: Redis, stream: string, cutoffMs: number): Promise<number> {
  return Number(await redis.xtrim(stream, 'MINID', '=', String(Math.max(0, Math.floor(cutoffMs)))));
}
