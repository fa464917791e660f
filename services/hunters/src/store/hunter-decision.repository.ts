import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventPayload, HunterDecision } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** A decision to record: an admin's, the hunter's resubmission of a rejected profile, or a revision's step. */
export type NewHunterDecision = Omit<HunterDecision, 'id' | 'decidedAt'> & { hunterId: number };

interface DecisionRow extends Omit<HunterDecision, 'decidedAt'> {
  hunterId: number;
  decidedAt: Date;
}

const DECISION_COLUMNS = `id, hunter_id as "hunterId", decision, revision_id as "revisionId", from_status as "fromStatus", to_status as "toStatus",
  reason, decided_by as "decidedBy", decided_at as "decidedAt"`;

function decisionOf({ hunterId: _hunter, ...row }: DecisionRow): HunterDecision {
  return { ...row, decidedAt: row.decidedAt.toISOString() };
}

/** The one owner of hunter_vetting_decisions: who decided what on a hunter, when and why. */
@Injectable()
export class HunterDecisionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a decision in the caller's transaction (the one that changes the hunter's status). */
  async record(manager: EntityManager, decision: NewHunterDecision): Promise<HunterDecision> {
    const [row] = await manager.query<DecisionRow[]>(
      `insert into hunter_vetting_decisions (hunter_id, decision, revision_id, from_status, to_status, reason, decided_by)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${DECISION_COLUMNS}`,
      [
        decision.hunterId,
        decision.decision,
        decision.revisionId,
        decision.fromStatus,
        decision.toStatus,
        decision.reason,
        decision.decidedBy,
      ],
    );
    return decisionOf(row!);
  }

  /**
   * Each hunter's decisions, newest first; a hunter without any maps to an empty list. Newest by id, the order they
   * were taken in under the hunter's row lock: `decided_at` is each transaction's start, and of two racing decisions
   * the one that waited for the lock may have started first.
   */
  async listFor(hunterIds: number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, HunterDecision[]>> {
    const byHunter = new Map<number, HunterDecision[]>(hunterIds.map((id) => [id, []]));
    if (!hunterIds.length) return byHunter;
    const rows = await manager.query<DecisionRow[]>(
      `select ${DECISION_COLUMNS} from hunter_vetting_decisions
       where hunter_id = any($1::int[]) order by id desc`,
      [hunterIds],
    );
    for (const row of rows) byHunter.get(row.hunterId)?.push(decisionOf(row));
    return byHunter;
  }

  /**
   * A deleted member's decisions on other hunters' profiles (they were an admin) keep their place in those
   * hunters' histories as ERASED_DECIDER's, in the caller's transaction (the erasure's). Their own profile's history
   * goes with the profile.
   */
  async forgetDecider(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update hunter_vetting_decisions set decided_by = $2 where decided_by = $1', [userId, ERASED_DECIDER]);
  }
}

/**
 * Who a decision reads as once its decider's account is deleted (an admin, or a hunter resubmitting): the decision
 * stays in the other hunter's history, without the id of a person who no longer has an account.
 */
export const ERASED_DECIDER = 'former-member';

/** What hunters.hunter.vetted carries for a recorded decision. */
export function vettedEventOf(
  hunter: { id: number; userId: string | null; name: string },
  decision: HunterDecision,
): EventPayload<'hunters.hunter.vetted'> {
  return {
    hunterId: hunter.id,
    userId: hunter.userId,
    name: hunter.name,
    decision: decision.decision,
    revisionId: decision.revisionId,
    fromStatus: decision.fromStatus,
    status: decision.toStatus,
    reason: decision.reason,
    decidedBy: decision.decidedBy,
    decidedAt: decision.decidedAt,
  };
}
