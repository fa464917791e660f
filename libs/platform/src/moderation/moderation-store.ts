import { Injectable } from '@nestjs/common';
import {
  FORMER_MEMBER_NAME,
  type ModerationAction,
  type ModerationAppeal,
  type ModerationDecision,
  type ModerationQueueFilter,
  type ModerationReport,
  type ModerationState,
  type ReportableKind,
  type ReportReason,
} from '@hunted/contracts';
import type { EntityManager } from 'typeorm';
import type { CaseStanding } from './moderation-states.js';

/** A case as the kit reads it (the row of `moderation_cases`). */
export interface StoredCase extends CaseStanding {
  id: number;
  kind: ReportableKind;
  itemId: number;
  authorUserId: string | null;
  hiddenReason: string | null;
  hiddenAt: Date | null;
  appeal: ModerationAppeal | null;
  waitingSince: Date | null;
}

interface CaseRow {
  id: number;
  kind: ReportableKind;
  item_id: number;
  state: ModerationState;
  author_user_id: string | null;
  hidden_reason: string | null;
  hidden_at: Date | null;
  appeal_text: string | null;
  appealed_at: Date | null;
  waiting_since: Date | null;
}

function toCase(row: CaseRow): StoredCase {
  return {
    id: row.id,
    kind: row.kind,
    itemId: row.item_id,
    state: row.state,
    appealed: row.appeal_text !== null,
    authorUserId: row.author_user_id,
    hiddenReason: row.hidden_reason,
    hiddenAt: row.hidden_at,
    appeal: row.appeal_text !== null && row.appealed_at !== null ? { text: row.appeal_text, appealedAt: row.appealed_at.toISOString() } : null,
    waitingSince: row.waiting_since,
  };
}

const CASE_COLUMNS = `id, kind, item_id, state, author_user_id, hidden_reason, hidden_at, appeal_text, appealed_at, waiting_since`;

// The queue answers the oldest waiting first; the hidden list the latest hidden first; all of them the latest case first.
const FILTERS: Record<ModerationQueueFilter, { where: string; order: string }> = {
  queue: { where: `state in ('open', 'appealed')`, order: 'waiting_since, id' },
  hidden: { where: `state in ('hidden', 'appealed')`, order: 'hidden_at desc, id desc' },
  all: { where: 'true', order: 'id desc' },
};

/** What a case changes into, written by the one update of its row. */
export interface CaseChange {
  state: ModerationState;
  hiddenReason?: string | null;
  hiddenAt?: Date | null;
  waitingSince: Date | null;
  appeal?: { text: string; at: Date };
}

/** A report as the member's export holds it. */
export interface ExportedReport {
  kind: ReportableKind;
  itemId: number;
  reason: ReportReason;
  details: string | null;
  reportedAt: Date;
  answered: boolean;
}

/** An appeal as its author's export holds it. */
export interface ExportedAppeal {
  kind: ReportableKind;
  itemId: number;
  state: ModerationState;
  hiddenReason: string | null;
  appeal: string;
  appealedAt: Date;
}

/**
 * The one owner of the kit's tables (`content_reports`, `moderation_cases`, `moderation_decisions`) in the service's
 * schema. The rules live in ModerationService and the state machine (moderation-states.ts).
 */
@Injectable()
export class ModerationStore {
  /**
   * Serialises one reporter's reports until the transaction ends, so the daily cap counts a concurrent report of
   * theirs once it commits and two can never both take the last place.
   */
  async lockReporter(manager: EntityManager, reporterUserId: string): Promise<void> {
    await manager.query(`select pg_advisory_xact_lock(hashtext('moderation.reporter'), hashtext($1))`, [reporterUserId]);
  }

  /** Reports the member made after `since`, of any kind this service owns. */
  async countReportsSince(manager: EntityManager, reporterUserId: string, since: Date): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      `select count(*)::int as n from content_reports where reporter_user_id = $1 and created_at > $2`,
      [reporterUserId, since],
    );
    return rows[0]!.n;
  }

  /** The item's case, its row locked to the end of the transaction; it is made (closed) when there is none yet. */
  async lockCase(manager: EntityManager, kind: ReportableKind, itemId: number, authorUserId: string | null): Promise<StoredCase> {
    await manager.query(
      `insert into moderation_cases (kind, item_id, state, author_user_id) values ($1, $2, 'closed', $3)
       on conflict (kind, item_id) do nothing`,
      [kind, itemId, authorUserId],
    );
    return (await this.findCase(manager, kind, itemId, true))!;
  }

  async findCase(manager: EntityManager, kind: ReportableKind, itemId: number, lock = false): Promise<StoredCase | null> {
    const rows: CaseRow[] = await manager.query(
      `select ${CASE_COLUMNS} from moderation_cases where kind = $1 and item_id = $2${lock ? ' for update' : ''}`,
      [kind, itemId],
    );
    return rows[0] ? toCase(rows[0]) : null;
  }

  async updateCase(manager: EntityManager, caseId: number, change: CaseChange): Promise<void> {
    await manager.query(
      `update moderation_cases set state = $2, waiting_since = $3,
              hidden_reason = case when $4::boolean then $5 else hidden_reason end,
              hidden_at = case when $4::boolean then $6::timestamptz else hidden_at end,
              appeal_text = coalesce($7, appeal_text), appealed_at = coalesce($8::timestamptz, appealed_at)
        where id = $1`,
      [
        caseId,
        change.state,
        change.waitingSince,
        change.hiddenAt !== undefined,
        change.hiddenReason ?? null,
        change.hiddenAt ?? null,
        change.appeal?.text ?? null,
        change.appeal?.at ?? null,
      ],
    );
  }

  /** The member's report; false when they reported this item already (the unique key decides a race). */
  async insertReport(
    manager: EntityManager,
    report: { kind: ReportableKind; itemId: number; reporterUserId: string; reason: ReportReason; details: string | null; at: Date },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `insert into content_reports (kind, item_id, reporter_user_id, reason, details, created_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (kind, item_id, reporter_user_id) do nothing
       returning id`,
      [report.kind, report.itemId, report.reporterUserId, report.reason, report.details, report.at],
    );
    return rows.length > 0;
  }

  /**
   * Records the decision and marks the case's open reports answered by it; answers their reporters (each once, former
   * members left out).
   */
  async recordDecision(
    manager: EntityManager,
    stored: StoredCase,
    decision: { action: ModerationAction; reason: string | null; adminUserId: string; adminName: string | null; at: Date },
  ): Promise<string[]> {
    const inserted: { id: number }[] = await manager.query(
      `insert into moderation_decisions (case_id, action, reason, admin_user_id, admin_name, decided_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [stored.id, decision.action, decision.reason, decision.adminUserId, decision.adminName, decision.at],
    );
    const [answered] = await manager.query<[{ reporter_user_id: string | null }[], number]>(
      `update content_reports set decision_id = $3 where kind = $1 and item_id = $2 and decision_id is null
       returning reporter_user_id`,
      [stored.kind, stored.itemId, inserted[0]!.id],
    );
    return [...new Set(answered.flatMap((row) => (row.reporter_user_id === null ? [] : [row.reporter_user_id])))].sort();
  }

  /** A page of the kind's cases for the admins' list, at most `limit`. */
  async listCases(manager: EntityManager, kind: ReportableKind, filter: ModerationQueueFilter, limit: number): Promise<StoredCase[]> {
    const { where, order } = FILTERS[filter];
    const rows: CaseRow[] = await manager.query(
      `select ${CASE_COLUMNS} from moderation_cases where kind = $1 and ${where} order by ${order} limit $2`,
      [kind, limit],
    );
    return rows.map(toCase);
  }

  /** Every report of these cases, oldest first, by case id. */
  async reportsOf(manager: EntityManager, cases: readonly StoredCase[]): Promise<Map<number, ModerationReport[]>> {
    const byCase = new Map<number, ModerationReport[]>(cases.map((stored) => [stored.id, []]));
    if (cases.length === 0) return byCase;
    const rows: { case_id: number; reason: ReportReason; details: string | null; created_at: Date; open: boolean }[] = await manager.query(
      `select c.id as case_id, r.reason, r.details, r.created_at, r.decision_id is null as open
         from content_reports r join moderation_cases c on c.kind = r.kind and c.item_id = r.item_id
        where c.id = any($1::int[]) order by r.created_at, r.id`,
      [cases.map((stored) => stored.id)],
    );
    for (const row of rows) {
      byCase.get(row.case_id)!.push({ reason: row.reason, details: row.details, reportedAt: row.created_at.toISOString(), open: row.open });
    }
    return byCase;
  }

  /** Every decision of these cases, oldest first, by case id. */
  async decisionsOf(manager: EntityManager, caseIds: readonly number[]): Promise<Map<number, ModerationDecision[]>> {
    const byCase = new Map<number, ModerationDecision[]>(caseIds.map((id) => [id, []]));
    if (caseIds.length === 0) return byCase;
    const rows: { case_id: number; action: ModerationAction; reason: string | null; admin_name: string | null; decided_at: Date }[] =
      await manager.query(
        `select case_id, action, reason, admin_name, decided_at from moderation_decisions
          where case_id = any($1::int[]) order by decided_at, id`,
        [caseIds],
      );
    for (const row of rows) {
      byCase.get(row.case_id)!.push({ action: row.action, reason: row.reason, decidedBy: row.admin_name, decidedAt: row.decided_at.toISOString() });
    }
    return byCase;
  }

  /** Whether the item was ever hidden (its author's notice exists from then on). */
  async wasHidden(manager: EntityManager, caseId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `select 1 from moderation_decisions where case_id = $1 and action = 'hidden' limit 1`,
      [caseId],
    );
    return rows.length > 0;
  }

  /** The reports the member made, oldest first (their export). */
  async reportsBy(manager: EntityManager, userId: string): Promise<ExportedReport[]> {
    return manager.query(
      `select kind, item_id as "itemId", reason, details, created_at as "reportedAt", decision_id is not null as answered
         from content_reports where reporter_user_id = $1 order by created_at, id`,
      [userId],
    );
  }

  /** The appeals the member made of their hidden items (their export). */
  async appealsBy(manager: EntityManager, userId: string): Promise<ExportedAppeal[]> {
    return manager.query(
      `select kind, item_id as "itemId", state, hidden_reason as "hiddenReason", appeal_text as appeal, appealed_at as "appealedAt"
         from moderation_cases where author_user_id = $1 and appeal_text is not null order by appealed_at, id`,
      [userId],
    );
  }

  /**
   * A deleted member: their reports stay (the queue still needs them) without their id; cases of what they wrote lose
   * their author; decisions they took as an admin stay, credited to FORMER_MEMBER_NAME.
   */
  async forgetMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`update content_reports set reporter_user_id = null where reporter_user_id = $1`, [userId]);
    await manager.query(`update moderation_cases set author_user_id = null where author_user_id = $1`, [userId]);
    await manager.query(
      `update moderation_decisions set admin_user_id = null, admin_name = $2 where admin_user_id = $1`,
      [userId, FORMER_MEMBER_NAME],
    );
  }
}
