import { Injectable } from '@nestjs/common';
import {
  binaryFile,
  extensionOf,
  jsonFile,
  sniffImageType,
  textFile,
  type DataExportContributor,
  type ExportFile,
} from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HUNTER_PHOTO_PATH, hunterPhotoIdOf } from '../store/hunter-photos.js';
import { HUNTERS_EXPORT_README } from './hunters-export-readme.js';

type Row = Record<string, unknown>;

/** Why a photo is in the part: the member's own upload, or a photo of an edit they received. */
type PhotoReason = 'your upload' | 'in an edit you received';

/**
 * Hunters' part of a member's data export (UK GDPR Art. 15 and 20; issue 36): everything this schema holds about
 * them, as a hunter (their profile and all that hangs off it) and as a client (the edits hunters sent them), plus
 * the copies it keeps of what other services said about them (their name, their sessions, their upload counts).
 * Every file is always there (null or [] when there is nothing), so the part's README holds for everyone.
 *
 * Reads the tables in SQL, in the inbox transaction's snapshot (listed as their reader in table-owners.spec.ts): it
 * is the one reader of everything at once, and the owners' reads each answer a screen, not a whole record.
 */
@Injectable()
export class HuntersDataExport implements DataExportContributor {
  async collect(manager: EntityManager, userId: string): Promise<ExportFile[]> {
    // Every column of the profile as stored, but the search document (the listing's index of the same words).
    const [profile] = await manager.query<{ row: Row & { id: number; profile_image_url: string | null } }[]>(
      `select to_jsonb(h) - 'search_document' as row from hunters h where h.user_id = $1`,
      [userId],
    );
    const hunter = profile?.row ?? null;
    const hunterId = hunter?.id ?? null;

    const [sent, received] = [
      await this.edits(manager, 'e.hunter_id = $1', hunterId),
      await this.edits(manager, 'e.client_user_id = $1', userId),
    ];
    const files: ExportFile[] = [
      textFile('hunters', 'README.md', HUNTERS_EXPORT_README),
      jsonFile('hunters', 'profile.json', hunter),
      jsonFile('hunters', 'availability.json', await this.availability(manager, hunterId)),
      jsonFile('hunters', 'joining-details.json', await this.joiningDetails(manager, hunterId)),
      jsonFile('hunters', 'edits-sent.json', sent),
      jsonFile('hunters', 'edits-received.json', received),
      jsonFile('hunters', 'go-to-brands.json', await this.goToBrands(manager, hunterId)),
      jsonFile('hunters', 'vetting-history.json', await this.byHunter(manager, 'hunter_vetting_decisions', hunterId)),
      jsonFile('hunters', 'profile-revisions.json', await this.byHunter(manager, 'hunter_profile_revisions', hunterId)),
      jsonFile('hunters', 'hunters-pick.json', await this.picks(manager, hunterId)),
      jsonFile('hunters', 'sessions.json', await this.sessions(manager, userId, hunterId)),
      jsonFile('hunters', 'name-copy.json', await this.nameCopy(manager, userId)),
      jsonFile('hunters', 'upload-counts.json', await this.uploadCounts(manager, userId)),
    ];
    const receivedPhotoUrls = received.flatMap((edit) => (edit.items as { photo_url: string | null }[]).map((item) => item.photo_url));
    files.push(...(await this.photos(manager, userId, receivedPhotoUrls)));
    return files;
  }

  /** The edits matching `condition` on `$1` (none when `$1` is null), each with its items in order. */
  private async edits(manager: EntityManager, condition: string, value: unknown): Promise<Row[]> {
    if (value === null) return [];
    return manager.query<Row[]>(
      `select to_jsonb(e) || jsonb_build_object(
                'items', coalesce((select jsonb_agg(to_jsonb(i) - 'edit_id' order by i.position)
                                     from hunter_edit_items i where i.edit_id = e.id), '[]'::jsonb)) as edit
         from hunter_edits e where ${condition} order by e.sent_at, e.id`,
      [value],
    ).then((rows) => rows.map((row) => row.edit as Row));
  }

  /** The weekly hours (Monday = 1), the dates with hours of their own, and the blocked dates (days off). */
  private async availability(manager: EntityManager, hunterId: number | null): Promise<Row | null> {
    if (hunterId === null) return null;
    const weeklyHours = await manager.query<Row[]>(
      `select weekday, time_slots, updated_at from hunter_weekly_hours where hunter_id = $1 order by weekday`,
      [hunterId],
    );
    const dates = await manager.query<(Row & { is_available: boolean })[]>(
      `select to_char(date, 'YYYY-MM-DD') as date, time_slots, is_available, created_at, updated_at
         from hunter_availability where hunter_id = $1 order by date`,
      [hunterId],
    );
    return {
      weeklyHours,
      exceptions: dates.filter((date) => date.is_available),
      blockedDates: dates.filter((date) => !date.is_available),
    };
  }

  private async joiningDetails(manager: EntityManager, hunterId: number | null): Promise<Row | null> {
    if (hunterId === null) return null;
    const [row] = await manager.query<Row[]>(
      `select whatsapp_voice_phone, whatsapp_video_phone, in_person_area, in_person_address, updated_at
         from hunter_joining_details where hunter_id = $1`,
      [hunterId],
    );
    return row ?? null;
  }

  private async goToBrands(manager: EntityManager, hunterId: number | null): Promise<Row[]> {
    if (hunterId === null) return [];
    return manager.query<Row[]>(
      `select g.position, g.brand_id, b.name as brand_name
         from hunter_go_to_brands g left join brand_copies b on b.brand_id = g.brand_id
        where g.hunter_id = $1 order by g.position`,
      [hunterId],
    );
  }

  /** Every row of a table naming the hunter, all its columns, oldest first. */
  private async byHunter(
    manager: EntityManager,
    table: 'hunter_vetting_decisions' | 'hunter_profile_revisions',
    hunterId: number | null,
  ): Promise<Row[]> {
    if (hunterId === null) return [];
    const rows =
      table === 'hunter_vetting_decisions'
        ? await manager.query<{ row: Row }[]>(
            `select to_jsonb(d) as row from hunter_vetting_decisions d where d.hunter_id = $1 order by d.decided_at, d.id`,
            [hunterId],
          )
        : await manager.query<{ row: Row }[]>(
            `select to_jsonb(r) as row from hunter_profile_revisions r where r.hunter_id = $1 order by r.submitted_at, r.id`,
            [hunterId],
          );
    return rows.map((row) => row.row);
  }

  /** The hunter's place in the Hunter's Pick rota and every day they were the day's hunter, with what they picked. */
  private async picks(manager: EntityManager, hunterId: number | null): Promise<Row> {
    if (hunterId === null) return { rotaPosition: null, days: [] };
    const [rota] = await manager.query<{ position: number }[]>(`select position from hunter_pick_rota where hunter_id = $1`, [hunterId]);
    const days = await manager.query<Row[]>(
      `select to_char(day, 'YYYY-MM-DD') as day, brand_id, brand_name, note, picked_at
         from hunter_picks where hunter_id = $1 order by day`,
      [hunterId],
    );
    return { rotaPosition: rota?.position ?? null, days };
  }

  /** Hunters' copy of the member's bookings (as client, or as the hunter), as bookings' events described them. */
  private async sessions(manager: EntityManager, userId: string, hunterId: number | null): Promise<Row[]> {
    const rows = await manager.query<{ row: Row }[]>(
      `select to_jsonb(c) as row from booking_copies c
        where c.client_user_id = $1 or c.hunter_user_id = $1 or c.hunter_id = $2
        order by c.ends_at, c.booking_id`,
      [userId, hunterId],
    );
    return rows.map((row) => row.row);
  }

  private async nameCopy(manager: EntityManager, userId: string): Promise<Row | null> {
    const [row] = await manager.query<Row[]>(
      `select user_id, first_name, last_name, profile_image_url, updated_at from users where user_id = $1`,
      [userId],
    );
    return row ?? null;
  }

  private async uploadCounts(manager: EntityManager, userId: string): Promise<Row[]> {
    return manager.query<Row[]>(
      `select kind, to_char(day, 'YYYY-MM-DD') as day, uploads, bytes::int as bytes
         from upload_quota_days where user_id = $1 order by day, kind`,
      [userId],
    );
  }

  /**
   * The photos, as files (`photos/<id>.<ext>`, the bytes as stored) and `photos.json` saying what each is: every
   * upload the member owns, and the photos of the edits they received (another hunter's uploads, shown to them).
   */
  private async photos(manager: EntityManager, userId: string, receivedUrls: readonly (string | null)[]): Promise<ExportFile[]> {
    const receivedIds = receivedUrls.map(hunterPhotoIdOf).filter((id): id is string => id !== null);
    const rows = await manager.query<{ id: string; kind: string; ownerUserId: string | null; createdAt: Date; bytes: Buffer }[]>(
      `select p.id::text as id, p.kind, p.owner_user_id as "ownerUserId", p.created_at as "createdAt", p.bytes
         from hunter_photos p where p.owner_user_id = $1 or p.id = any($2::uuid[])
        order by p.created_at, p.id`,
      [userId, receivedIds],
    );
    const listed: Row[] = [];
    const files: ExportFile[] = [];
    for (const photo of rows) {
      const contentType = sniffImageType(photo.bytes) ?? 'application/octet-stream';
      const file = `photos/${photo.id}.${extensionOf(contentType)}`;
      const reason: PhotoReason = photo.ownerUserId === userId ? 'your upload' : 'in an edit you received';
      listed.push({ id: photo.id, url: `${HUNTER_PHOTO_PATH}/${photo.id}`, kind: photo.kind, file, reason, uploadedAt: photo.createdAt });
      files.push(binaryFile('hunters', file, contentType, photo.bytes));
    }
    return [jsonFile('hunters', 'photos.json', listed), ...files];
  }
}
