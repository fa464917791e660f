import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { VETTING_MESSAGES, type HunterRevision, type HunterRevisionStatus, type HunterRevisionValues } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { ERASED_DECIDER } from './hunter-decision.repository.js';

/** A revision as stored, with its hunter. */
export type StoredRevision = HunterRevision & { hunterId: number };

interface RevisionRow extends Omit<StoredRevision, 'submittedAt' | 'decidedAt'> {
  submittedAt: Date;
  decidedAt: Date | null;
}

const REVISION_COLUMNS = `id, hunter_id as "hunterId", status, changes, live, reason, submitted_at as "submittedAt",
  decided_at as "decidedAt"`;

function revisionOf(row: RevisionRow): StoredRevision {
  return { ...row, submittedAt: row.submittedAt.toISOString(), decidedAt: row.decidedAt?.toISOString() ?? null };
}

/** What a public answer carries of a stored revision (the hunter is the profile it is answered with). */
export function revisionAnswerOf({ hunterId: _hunter, ...revision }: StoredRevision): HunterRevision {
  return revision;
}

/** How a pending revision ends, and by whom (the hunter for superseded and withdrawn, an admin otherwise). */
export interface RevisionClosing {
  status: Exclude<HunterRevisionStatus, 'pending'>;
  decidedBy: string;
  reason: string | null;
}

/**
 * The one owner of hunter_profile_revisions: an approved hunter's changes to the vetted fields waiting for review
 * (decision 0089). Writes run in the caller's transaction, which holds the hunter's row lock, so a hunter's edits and
 * an admin's decision on the same revision never interleave; the partial unique index keeps one pending per hunter.
 */
@Injectable()
export class HunterRevisionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The hunter's pending revision, or null (the caller holds the hunter's row lock). */
  async findPending(manager: EntityManager, hunterId: number): Promise<StoredRevision | null> {
    const [row] = await manager.query<RevisionRow[]>(
      `select ${REVISION_COLUMNS} from hunter_profile_revisions where hunter_id = $1 and status = 'pending'`,
      [hunterId],
    );
    return row ? revisionOf(row) : null;
  }

  /**
   * The revision an admin decides on, locked: 404 when it is not this hunter's (or none), 409 when it is no longer
   * pending (decided, or replaced by a newer change the admin has not seen).
   */
  async lockPending(manager: EntityManager, hunterId: number, revisionId: number): Promise<StoredRevision> {
    const [row] = await manager.query<RevisionRow[]>(
      `select ${REVISION_COLUMNS} from hunter_profile_revisions where id = $1 and hunter_id = $2 for update`,
      [revisionId, hunterId],
    );
    if (!row) throw new NotFoundException(VETTING_MESSAGES.revisionNotFound);
    if (row.status !== 'pending') throw new ConflictException(VETTING_MESSAGES.revisionNotPending);
    return revisionOf(row);
  }

  /** A new pending revision, in the caller's transaction (any earlier pending one closed first). */
  async insert(manager: EntityManager, hunterId: number, changes: HunterRevisionValues, live: HunterRevisionValues): Promise<StoredRevision> {
    const [row] = await manager.query<RevisionRow[]>(
      `insert into hunter_profile_revisions (hunter_id, changes, live) values ($1, $2::jsonb, $3::jsonb)
       returning ${REVISION_COLUMNS}`,
      [hunterId, JSON.stringify(changes), JSON.stringify(live)],
    );
    return revisionOf(row!);
  }

  /** Ends a pending revision, in the caller's transaction (which holds its hunter's lock). */
  async close(manager: EntityManager, revisionId: number, closing: RevisionClosing): Promise<StoredRevision> {
    const [rows] = await manager.query<[RevisionRow[], number]>(
      `update hunter_profile_revisions set status = $2, decided_by = $3, reason = $4, decided_at = now()
       where id = $1 and status = 'pending' returning ${REVISION_COLUMNS}`,
      [revisionId, closing.status, closing.decidedBy, closing.reason],
    );
    if (!rows?.length) throw new ConflictException(VETTING_MESSAGES.revisionNotPending);
    return revisionOf(rows[0]!);
  }

  /** Each hunter's pending revision (hunters without one are absent). */
  async pendingFor(hunterIds: number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, StoredRevision>> {
    if (!hunterIds.length) return new Map();
    const rows = await manager.query<RevisionRow[]>(
      `select ${REVISION_COLUMNS} from hunter_profile_revisions where hunter_id = any($1::int[]) and status = 'pending'`,
      [hunterIds],
    );
    return new Map(rows.map((row) => [row.hunterId, revisionOf(row)]));
  }

  /**
   * The hunter's latest revision that is pending, approved or rejected (what the hunter's own profile shows: what
   * waits, or why the last change was refused); superseded and withdrawn ones are history only.
   */
  async latestFor(hunterId: number, manager: EntityManager = this.dataSource.manager): Promise<StoredRevision | null> {
    const [row] = await manager.query<RevisionRow[]>(
      `select ${REVISION_COLUMNS} from hunter_profile_revisions
       where hunter_id = $1 and status in ('pending', 'approved', 'rejected') order by id desc limit 1`,
      [hunterId],
    );
    return row ? revisionOf(row) : null;
  }

  /**
   * A deleted member's decisions on other hunters' changes (they were an admin) read as ERASED_DECIDER's, in the
   * caller's transaction (the erasure's); their own profile's revisions go with the profile.
   */
  async forgetDecider(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update hunter_profile_revisions set decided_by = $2 where decided_by = $1', [userId, ERASED_DECIDER]);
  }
}
