import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataExportService, DataExportStatus } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A row of `data_exports` with the services that have reported their part. */
export interface DataExportRecord {
  id: string;
  userId: string;
  status: DataExportStatus;
  requestedAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  /** The services whose part is stored (identity's own from the start). */
  reported: DataExportService[];
}

const EXPORT_COLUMNS = `
  e.id, e.user_id as "userId", e.status, e.requested_at as "requestedAt", e.ready_at as "readyAt",
  e.expires_at as "expiresAt",
  coalesce((select array_agg(r.service order by r.service) from data_export_part_reports r where r.export_id = e.id), '{}') as reported`;

async function exportsOf(manager: EntityManager, where: string, params: unknown[], suffix = ''): Promise<DataExportRecord[]> {
  return manager.query(`select ${EXPORT_COLUMNS} from data_exports e where ${where} ${suffix}`, params);
}

/**
 * The owner of `data_exports` (one member's request for a copy of their data, and where it stands) and
 * `data_export_part_reports` (which services have stored their part of it): the export saga's ledger.
 */
@Injectable()
export class DataExportLedger {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Holds the member's exports still until the caller's transaction ends, so two requests of one member are
   * decided one after the other: the cap counts every export, and only one of them starts a new export.
   */
  async lockMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('identity.data-exports'), hashtext($1))`, [userId]);
  }

  async assemblingOf(manager: EntityManager, userId: string): Promise<DataExportRecord | null> {
    const [row] = await exportsOf(manager, `e.user_id = $1 and e.status = 'assembling'`, [userId]);
    return row ?? null;
  }

  /** How many exports the member started since `since`, replaced and expired ones included. */
  async countSince(manager: EntityManager, userId: string, since: Date): Promise<number> {
    const [row]: { n: number }[] = await manager.query(
      'select count(*)::int as n from data_exports where user_id = $1 and requested_at > $2',
      [userId, since],
    );
    return row?.n ?? 0;
  }

  /** Ends the member's ready exports (a new one replaces them); answers their ids. */
  async expireReadyOf(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows]: [{ id: string }[], number] = await manager.query(
      `update data_exports set status = 'expired' where user_id = $1 and status = 'ready' returning id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  async insert(manager: EntityManager, id: string, userId: string): Promise<void> {
    await manager.query('insert into data_exports (id, user_id) values ($1, $2)', [id, userId]);
  }

  /**
   * Records that `service` stored its part of an export being assembled, with the export row locked so two
   * reports arriving at once count one after the other. Answers the export as it is now, or null when there is no
   * such export being assembled (an unknown id, a replay after it was ready, or its owner deleted).
   */
  async recordPart(
    manager: EntityManager,
    exportId: string,
    service: DataExportService,
    size: { files: number; bytes: number },
  ): Promise<DataExportRecord | null> {
    const locked: { id: string }[] = await manager.query(
      `select id from data_exports where id = $1 and status = 'assembling' for update`,
      [exportId],
    );
    if (locked.length === 0) return null;
    await manager.query(
      `insert into data_export_part_reports (export_id, service, files, bytes) values ($1, $2, $3, $4)
       on conflict (export_id, service) do update set files = excluded.files, bytes = excluded.bytes`,
      [exportId, service, size.files, size.bytes],
    );
    const [row] = await exportsOf(manager, 'e.id = $1', [exportId]);
    return row ?? null;
  }

  /** Every part is in: the export can be downloaded until `expiresAt`. */
  async markReady(manager: EntityManager, exportId: string, expiresAt: Date): Promise<void> {
    await manager.query(
      `update data_exports set status = 'ready', ready_at = now(), expires_at = $2 where id = $1 and status = 'assembling'`,
      [exportId, expiresAt],
    );
  }

  /**
   * Ready exports whose time is over, at most `limit`, locked for the caller's transaction (another replica's run
   * skips them), marked expired. Answers them.
   */
  async expireDue(manager: EntityManager, now: Date, limit: number): Promise<{ id: string; userId: string }[]> {
    const [rows]: [{ id: string; userId: string }[], number] = await manager.query(
      `update data_exports set status = 'expired'
        where id in (select id from data_exports where status = 'ready' and expires_at <= $1
                      order by expires_at limit $2 for update skip locked)
        returning id, user_id as "userId"`,
      [now, limit],
    );
    return rows;
  }

  async find(id: string, userId: string): Promise<DataExportRecord | null> {
    const [row] = await exportsOf(this.dataSource.manager, 'e.id = $1 and e.user_id = $2', [id, userId]);
    return row ?? null;
  }

  async findIn(manager: EntityManager, id: string): Promise<DataExportRecord | null> {
    const [row] = await exportsOf(manager, 'e.id = $1', [id]);
    return row ?? null;
  }

  /** The member's latest export, whatever its state; null when they never asked for one. */
  async latestOf(userId: string): Promise<DataExportRecord | null> {
    const [row] = await exportsOf(this.dataSource.manager, 'e.user_id = $1', [userId], 'order by e.requested_at desc, e.id desc limit 1');
    return row ?? null;
  }

  /** Forgets every export of a deleted member (their reports go with them). */
  async deleteAllOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('delete from data_exports where user_id = $1', [userId]);
  }
}
