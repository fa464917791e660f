import { HttpException, HttpStatus } from '@nestjs/common';
import { addDays, londonDateOf } from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { now } from '../clock/clock.js';

/**
 * The ledger of what each member uploaded per day and kind: one row per (member, kind, London day), counting the
 * uploads and their stored bytes. Kept apart from the photos themselves because photos go (a replaced avatar, a
 * pruned upload) while what was uploaded that day still counts. Each service that takes uploads creates it in its
 * own schema with a migration running this text; the platform's chargeUploadQuota is its one writer. Migrations
 * are immutable: never edit this text; change the table with a new migration in each service.
 */
export const CREATE_UPLOAD_QUOTA_TABLE = `
      create table upload_quota_days (
        user_id text not null,
        kind text not null,
        day date not null,
        uploads integer not null,
        bytes bigint not null,
        primary key (user_id, kind, day)
      )`;

/** One upload kind's daily allowance per member (from the owning service's configuration). */
export interface DailyUploadQuota {
  /** The ledger's name of the kind, e.g. `review-photos`; one service may keep several. */
  kind: string;
  /** What the member is told they upload, plural: "review photos". */
  noun: string;
  uploads: number;
  bytes: number;
}

const MB = 1024 * 1024;

/** The count and megabytes a day of one kind, as a service's environment variables (`<PREFIX>_PER_DAY`, `<PREFIX>_MB_PER_DAY`). */
export function dailyUploadQuotaEnv<Prefix extends string>(
  prefix: Prefix,
  defaults: { perDay: number; megabytesPerDay: number },
): Record<`${Prefix}_PER_DAY` | `${Prefix}_MB_PER_DAY`, z.ZodDefault<z.ZodCoercedNumber>> {
  return {
    [`${prefix}_PER_DAY`]: z.coerce.number().int().positive().default(defaults.perDay),
    [`${prefix}_MB_PER_DAY`]: z.coerce.number().positive().default(defaults.megabytesPerDay),
  } as Record<`${Prefix}_PER_DAY` | `${Prefix}_MB_PER_DAY`, z.ZodDefault<z.ZodCoercedNumber>>;
}

/** A DailyUploadQuota from the count and megabytes configured. */
export function dailyUploadQuota(kind: string, noun: string, perDay: number, megabytesPerDay: number): DailyUploadQuota {
  return { kind, noun, uploads: perDay, bytes: Math.floor(megabytesPerDay * MB) };
}

/** The 429 of an upload over its kind's daily allowance, naming the limit. */
export function uploadQuotaExceeded(quota: DailyUploadQuota, by: 'uploads' | 'bytes'): HttpException {
  const message =
    by === 'uploads'
      ? `You can upload ${quota.uploads} ${quota.noun} a day; try again tomorrow`
      : `You can upload ${Number((quota.bytes / MB).toFixed(2))} MB of ${quota.noun} a day; try again tomorrow`;
  return new HttpException({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * Counts `spent` (uploads and their stored bytes) against the member's allowance for today (London's day, on the
 * service clock), in the caller's transaction, before the photos are written in it. Over the allowance it throws
 * the 429 (uploadQuotaExceeded), so the caller's transaction rolls back the count with everything else: nothing is
 * stored. The upsert locks the member's row for the day, so concurrent uploads are counted one after another and
 * can never both pass the last place.
 */
export async function chargeUploadQuota(
  manager: EntityManager,
  userId: string,
  quota: DailyUploadQuota,
  spent: { uploads: number; bytes: number },
): Promise<void> {
  if (spent.uploads === 0) return;
  const [row] = await manager.query<{ uploads: number; bytes: string }[]>(
    `insert into upload_quota_days as q (user_id, kind, day, uploads, bytes) values ($1, $2, $3, $4, $5)
     on conflict (user_id, kind, day) do update set uploads = q.uploads + excluded.uploads, bytes = q.bytes + excluded.bytes
     returning uploads, bytes`,
    [userId, quota.kind, londonDateOf(now()), spent.uploads, spent.bytes],
  );
  if (row!.uploads > quota.uploads) throw uploadQuotaExceeded(quota, 'uploads');
  if (Number(row!.bytes) > quota.bytes) throw uploadQuotaExceeded(quota, 'bytes');
}

/** Forgets the days before yesterday (London's, on the service clock): no allowance reads them. Answers how many rows went. */
export async function pruneUploadQuotaDays(manager: EntityManager): Promise<number> {
  const [, count] = await manager.query<[unknown[], number]>('delete from upload_quota_days where day < $1', [
    addDays(londonDateOf(now()), -1),
  ]);
  return count;
}

/**
 * Forgets every day of one member's ledger, in the caller's transaction: their account is being erased (decision
 * 0098), and a count of what a deleted member uploaded is no allowance of anyone's.
 */
export async function forgetUploadQuotaOf(manager: EntityManager, userId: string): Promise<void> {
  await manager.query('delete from upload_quota_days where user_id = $1', [userId]);
}
