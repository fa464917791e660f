import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HunterPick, HunterPickRotaEntry } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** The day's hunter; `chosenNow` when this call chose them (and so announces it), with their account and name. */
export interface ChosenHunter {
  hunterId: number;
  chosenNow: boolean;
  userId: string | null;
  name: string;
}

interface PickRow {
  day: string;
  hunterId: number;
  hunterName: string;
  hunterPhoto: string | null;
  brandId: number | null;
  brandImage: string | null;
  brandName: string;
  note: string;
  pickedAt: Date;
}

const PICK_COLUMNS = `to_char(p.day, 'YYYY-MM-DD') as day, h.id as "hunterId", h.name as "hunterName",
  h.profile_image_url as "hunterPhoto", p.brand_id as "brandId", b.image_url as "brandImage",
  p.brand_name as "brandName", p.note, p.picked_at as "pickedAt"`;

function pickOfRow(row: PickRow): HunterPick {
  return {
    day: row.day,
    hunter: { id: row.hunterId, name: row.hunterName, profileImageUrl: row.hunterPhoto },
    brand: row.brandId === null ? null : { id: row.brandId, name: row.brandName, imageUrl: row.brandImage ?? '' },
    brandName: row.brandName,
    note: row.note,
    pickedAt: row.pickedAt.toISOString(),
  };
}

/**
 * The one owner of `hunter_pick_rota` and `hunter_picks`. It joins `hunters` (the day's hunter's name, photo and
 * status) and `brand_copies` (the picked brand must be in the directory and not hidden; its image) read-only.
 */
@Injectable()
export class HunterPickRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The day's pick, if its hunter has picked and is still approved (a suspended hunter's pick is not shown), and
   * its brand is not hidden (decision 0101: a brand that left the directory keeps its pick by name, a hidden one's
   * pick is not shown until it is restored).
   */
  async pickOn(day: string, manager: EntityManager = this.dataSource.manager): Promise<HunterPick | null> {
    const [row] = await manager.query<PickRow[]>(
      `select ${PICK_COLUMNS} from hunter_picks p
       join hunters h on h.id = p.hunter_id and h.status = 'approved'
       left join brand_copies b on b.brand_id = p.brand_id
       where p.day = $1::date and p.picked_at is not null and b.hidden_at is null`,
      [day],
    );
    return row ? pickOfRow(row) : null;
  }

  async isApproved(manager: EntityManager, hunterId: number): Promise<boolean> {
    const [row] = await manager.query<{ id: number }[]>(`select id from hunters where id = $1 and status = 'approved'`, [hunterId]);
    return row !== undefined;
  }

  /** The hunter chosen for the day, picked or not. */
  async hunterOn(manager: EntityManager, day: string): Promise<number | null> {
    const [row] = await manager.query<{ hunterId: number }[]>(`select hunter_id as "hunterId" from hunter_picks where day = $1::date`, [day]);
    return row?.hunterId ?? null;
  }

  /**
   * Chooses the day's hunter if none is chosen: the next approved hunter on the rota after the one chosen most
   * recently before that day (by rota position, wrapping round), or the first when none was. Under a
   * transaction-scoped advisory lock, and `on conflict do nothing`, so concurrent runs choose once. Null when the
   * rota has no approved hunter.
   */
  async chooseHunterFor(manager: EntityManager, day: string): Promise<ChosenHunter | null> {
    await manager.query(`select pg_advisory_xact_lock(hashtext(current_schema() || ':hunter-pick-choice'))`);
    const chosen = await this.hunterOn(manager, day);
    if (chosen !== null) return { hunterId: chosen, chosenNow: false, userId: null, name: '' };
    const [next] = await manager.query<{ hunterId: number; userId: string | null; name: string }[]>(
      `with previous as (
         select r.position from hunter_picks p join hunter_pick_rota r on r.hunter_id = p.hunter_id
         where p.day < $1::date order by p.day desc limit 1
       )
       select r.hunter_id as "hunterId", h.user_id as "userId", h.name from hunter_pick_rota r
       join hunters h on h.id = r.hunter_id and h.status = 'approved'
       order by (r.position <= coalesce((select position from previous), -1)), r.position
       limit 1`,
      [day],
    );
    if (!next) return null;
    // The advisory lock makes this the only chooser of the day, so the insert always lands.
    await manager.query(`insert into hunter_picks (day, hunter_id) values ($1::date, $2)`, [day, next.hunterId]);
    return { ...next, chosenNow: true };
  }

  /**
   * Records the day's pick for its hunter (a repeat replaces it): the brand's name from the directory copy. False
   * when the brand is not in the directory (or hidden); the caller has checked the hunter is the day's.
   */
  async pick(manager: EntityManager, day: string, hunterId: number, brandId: number, note: string): Promise<boolean> {
    const [rows] = await manager.query<[{ day: string }[], number]>(
      `update hunter_picks p set brand_id = b.brand_id, brand_name = b.name, note = $4, picked_at = now()
       from brand_copies b
       where p.day = $1::date and p.hunter_id = $2 and b.brand_id = $3 and b.hidden_at is null
       returning p.day`,
      [day, hunterId, brandId, note],
    );
    return (rows?.length ?? 0) > 0;
  }

  async rota(manager: EntityManager = this.dataSource.manager): Promise<HunterPickRotaEntry[]> {
    const rows = await manager.query<{ position: number; id: number; name: string; photo: string | null }[]>(
      `select r.position, h.id, h.name, h.profile_image_url as photo
       from hunter_pick_rota r join hunters h on h.id = r.hunter_id order by r.position`,
    );
    return rows.map((row) => ({ position: row.position, hunter: { id: row.id, name: row.name, profileImageUrl: row.photo } }));
  }

  /** Replaces the rota with these hunters in this order; false (nothing written) when one is not approved. */
  async replaceRota(manager: EntityManager, hunterIds: number[]): Promise<boolean> {
    if (hunterIds.length > 0) {
      const [counted] = await manager.query<{ approved: number }[]>(
        `select count(*)::int as approved from hunters where id = any($1::int[]) and status = 'approved'`,
        [hunterIds],
      );
      if (counted?.approved !== hunterIds.length) return false;
    }
    await manager.query(`delete from hunter_pick_rota`);
    if (hunterIds.length > 0) {
      await manager.query(
        `insert into hunter_pick_rota (hunter_id, position)
         select id, ordinality::int from unnest($1::int[]) with ordinality as ids (id, ordinality)`,
        [hunterIds],
      );
    }
    return true;
  }
}
