import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FilterHabit } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export type FilterKind = 'valueTag' | 'priceLevel';

/** One filter of one directory search, as it is counted. */
export interface FilterUse {
  kind: FilterKind;
  value: string;
}

/**
 * The one owner of member_filter_uses: how often each member filtered the directory by each value tag and price
 * level (the style passport's filter habits). Counting happens after the list is answered and never fails it.
 */
@Injectable()
export class FilterHabits implements OnModuleDestroy {
  private readonly logger = new Logger(FilterHabits.name);
  /** Counts still being written, awaited on shutdown so none is cut off by the pool closing. */
  private readonly pending = new Set<Promise<void>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts the search's filters once the caller has moved on: the list's answer never waits for it, and a failure
   * (the database busy or away) is logged, not answered, since a lost count only makes a habit a little older.
   */
  countLater(userId: string, uses: readonly FilterUse[]): void {
    if (uses.length === 0) return;
    const counting = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.count(userId, uses))
      .catch((error: unknown) => {
        this.logger.warn(`filter habits of a directory search not counted: ${String(error)}`);
      })
      .finally(() => this.pending.delete(counting));
    this.pending.add(counting);
  }

  /** One more use of each filter, in one upsert on the primary key. */
  async count(userId: string, uses: readonly FilterUse[]): Promise<void> {
    await this.dataSource.query(
      `insert into member_filter_uses (user_id, kind, value)
       select $1, u.kind, u.value from unnest($2::text[], $3::text[]) as u(kind, value)
       on conflict (user_id, kind, value) do update set uses = member_filter_uses.uses + 1, last_used_at = now()`,
      [userId, uses.map((use) => use.kind), uses.map((use) => use.value)],
    );
  }

  /**
   * The member's most used value tags and price levels, at most `limit` of each (most uses, then most recent). One
   * read of the member's rows on the primary key: there are at most as many as there are tags and price levels.
   */
  async top(userId: string, limit: number): Promise<{ valueTags: FilterHabit[]; priceLevels: FilterHabit[] }> {
    const rows = await this.dataSource.query<{ kind: FilterKind; value: string; uses: number }[]>(
      `select kind, value, uses from (
         select kind, value, uses,
                row_number() over (partition by kind order by uses desc, last_used_at desc, value) as place
           from member_filter_uses where user_id = $1
       ) ranked where place <= $2 order by kind, place`,
      [userId, limit],
    );
    const of = (kind: FilterKind) =>
      rows.filter((row) => row.kind === kind).map((row): FilterHabit => ({ value: row.value, uses: row.uses }));
    return { valueTags: of('valueTag'), priceLevels: of('priceLevel') };
  }

  /** Every filter habit of the member, as counted (their export). */
  ofMember(
    manager: EntityManager,
    userId: string,
  ): Promise<{ kind: FilterKind; value: string; uses: number; lastUsedAt: Date }[]> {
    return manager.query(
      `select kind, value, uses, last_used_at as "lastUsedAt" from member_filter_uses
        where user_id = $1 order by kind, uses desc, last_used_at desc, value`,
      [userId],
    );
  }

  /**
   * A deleted member's habits go. A count still pending from a search just before the deletion would write a row
   * again: the pending counts are awaited first (a search takes milliseconds to count; the member is signed out).
   */
  async deleteAllOf(manager: EntityManager, userId: string): Promise<void> {
    await Promise.all([...this.pending]);
    await manager.query('delete from member_filter_uses where user_id = $1', [userId]);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
