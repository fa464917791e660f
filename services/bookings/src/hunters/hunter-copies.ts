import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_MESSAGES,
  WEEKDAYS,
  type HunterAvailabilityChangedV1,
  type HunterAvailabilityStatus,
  type HunterCreatedV1,
  type Currency,
  type HunterStatus,
  type JoiningDetails,
  type SessionTypes,
} from '@hunted/contracts';
import { preparedQuery } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { FORMER_MEMBER } from '../store/booking-rows.js';

/** What bookings knows of a hunter: the copy hunters' events keep. */
export interface HunterCopy {
  id: number;
  userId: string | null;
  name: string;
  profileImageUrl: string | null;
  location: string;
  /** The hunter's IANA zone: their hours and dates are its wall clock, and every date and time sent is read in it. */
  timeZone: string;
  availabilityStatus: HunterAvailabilityStatus;
  sessionTypes: SessionTypes;
  /** What the session types' whole prices are in (and every booking of the hunter's is made in). */
  currency: Currency;
  /** Hunters' vetting status: only an `approved` hunter has slots and takes holds. */
  status: HunterStatus;
}

const HUNTER_COLUMNS = `id, user_id as "userId", name, profile_image_url as "profileImageUrl", location,
  time_zone as "timeZone", availability_status as "availabilityStatus", session_types as "sessionTypes", currency, status`;

/** Read for every view of a hunter's slots (with OFFERED_HOURS): named statements, planned once per connection. */
const HUNTER_BY_ID = { name: 'bookings_hunter_by_id', text: `select ${HUNTER_COLUMNS} from hunters where id = $1` };
const OFFERED_HOURS = {
  name: 'bookings_offered_hours',
  text: `select to_char(d, 'YYYY-MM-DD') as date,
                coalesce(a.time_slots,
                         array(select jsonb_array_elements_text(w.week -> ($4::text[])[extract(isodow from d)::int])),
                         '{}') as hours
         from generate_series($2::date::timestamp, $3::date::timestamp, interval '1 day') d
         left join hunter_date_hours a on a.hunter_id = $1 and a.date = d::date
         left join hunter_weekly_hours w on w.hunter_id = $1`,
};

/**
 * The one owner of the hunters copy and of the availability copy (weekly hours, each date's own record). Writes
 * come from hunters' events in the inbox transaction; each row keeps its event's time and only a later event
 * replaces it, so events applied out of order end in the newest state.
 */
@Injectable()
export class HunterCopies {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async applyHunter(manager: EntityManager, hunter: HunterCreatedV1, occurredAt: string): Promise<void> {
    await manager.query(
      `insert into hunters (id, user_id, name, profile_image_url, location, availability_status, session_types,
                            price_per_session, status, updated_at, time_zone, currency)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $10, $9, $11, $12)
       on conflict (id) do update set
         user_id = excluded.user_id, name = excluded.name, profile_image_url = excluded.profile_image_url,
         location = excluded.location, time_zone = excluded.time_zone, availability_status = excluded.availability_status,
         session_types = excluded.session_types, price_per_session = excluded.price_per_session,
         status = excluded.status, updated_at = excluded.updated_at, currency = excluded.currency
       where hunters.updated_at < excluded.updated_at`,
      [
        hunter.hunterId,
        hunter.userId,
        hunter.name,
        hunter.profileImageUrl,
        hunter.location,
        hunter.availabilityStatus,
        JSON.stringify(hunter.sessionTypes),
        hunter.pricePerSession,
        occurredAt,
        // An event recorded before vetting carries no status: every hunter then was listed.
        hunter.status ?? 'approved',
        // The event's schema gives an event from before zones its location's.
        hunter.timeZone,
        // An event recorded before currencies was in pounds.
        hunter.currency ?? 'GBP',
      ],
    );
  }

  /**
   * A vetting decision's status, at once (its `hunters.hunter.updated` follows with the same status): a suspended
   * hunter takes no hold and no late payment from the moment bookings hears of it.
   */
  async applyVettedStatus(manager: EntityManager, hunterId: number, status: HunterStatus): Promise<void> {
    // An erased member's profile (dated 'infinity') stays suspended.
    await manager.query(`update hunters set status = $2 where id = $1 and updated_at <> 'infinity'`, [hunterId, status]);
  }

  /**
   * The hunter's joining details (private: released only to a booked client by BookingPages); a later event
   * replaces an earlier one, never the reverse.
   */
  async applyJoining(manager: EntityManager, hunterId: number, joining: JoiningDetails, occurredAt: string): Promise<void> {
    await manager.query(
      `insert into hunter_joining_details (hunter_id, joining, updated_at) values ($1, $2::jsonb, $3)
       on conflict (hunter_id) do update set joining = excluded.joining, updated_at = excluded.updated_at
       where hunter_joining_details.updated_at < excluded.updated_at`,
      [hunterId, JSON.stringify(joining), occurredAt],
    );
  }

  /** A new week replaces the old; each date's record is kept or removed as the event says, latest event winning per date. */
  async applyAvailability(
    manager: EntityManager,
    change: HunterAvailabilityChangedV1,
    occurredAt: string,
  ): Promise<void> {
    if (change.weeklyHours) {
      await manager.query(
        `insert into hunter_weekly_hours (hunter_id, week, updated_at) values ($1, $2::jsonb, $3)
         on conflict (hunter_id) do update set week = excluded.week, updated_at = excluded.updated_at
         where hunter_weekly_hours.updated_at < excluded.updated_at`,
        [change.hunterId, JSON.stringify(change.weeklyHours), occurredAt],
      );
    }
    if (change.dates.length === 0) return;
    await manager.query(
      `insert into hunter_date_hours (hunter_id, date, time_slots, updated_at)
       select $1, (day->>'date')::date,
              case when day->>'source' = 'date' then array(select jsonb_array_elements_text(day->'timeSlots')) end,
              $3
       from jsonb_array_elements($2::jsonb) day
       on conflict (hunter_id, date) do update set time_slots = excluded.time_slots, updated_at = excluded.updated_at
       where hunter_date_hours.updated_at < excluded.updated_at`,
      [change.hunterId, JSON.stringify(change.dates), occurredAt],
    );
  }

  async find(hunterId: number, manager?: EntityManager): Promise<HunterCopy> {
    // Outside a transaction (every view of the hunter's slots), a named statement planned once per connection.
    const rows = manager
      ? await manager.query<HunterCopy[]>(HUNTER_BY_ID.text, [hunterId])
      : await preparedQuery<HunterCopy>(this.dataSource, HUNTER_BY_ID, [hunterId]);
    if (!rows[0]) throw new NotFoundException(HUNTER_MESSAGES.notFound);
    return rows[0];
  }

  /** An approved hunter; any other (pending, rejected, suspended) is as unknown to a client: 404. */
  async findApproved(hunterId: number): Promise<HunterCopy> {
    const hunter = await this.find(hunterId);
    if (hunter.status !== 'approved') throw new NotFoundException(HUNTER_MESSAGES.notFound);
    return hunter;
  }

  /** The member's own hunter profile (one per member), or null. */
  async findOfUser(userId: string, manager: EntityManager = this.dataSource.manager): Promise<HunterCopy | null> {
    const rows = await manager.query<HunterCopy[]>(
      `select ${HUNTER_COLUMNS} from hunters where user_id = $1 order by id limit 1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** The hour labels each London date of [from, to] offers: its own record when it has one, else its weekday's. */
  async offeredHours(hunterId: number, from: string, to: string): Promise<Map<string, string[]>> {
    const rows = await preparedQuery<{ date: string; hours: string[] }>(this.dataSource, OFFERED_HOURS, [
      hunterId,
      from,
      to,
      [...WEEKDAYS],
    ]);
    return new Map(rows.map((row) => [row.date, row.hours]));
  }

  // ---- A member's erasure (issue 36) -------------------------------------------------------------------------

  /** The ids of the hunter profiles member `userId` owns (one, or none). */
  async idsOfMember(manager: EntityManager, userId: string): Promise<number[]> {
    const rows = await manager.query<{ id: number }[]>(`select id from hunters where user_id = $1 order by id`, [userId]);
    return rows.map(({ id }) => id);
  }

  /** The joining details of the profiles (their export: how their sessions happen). */
  async joiningOf(manager: EntityManager, hunterIds: readonly number[]): Promise<{ hunterId: number; joining: JoiningDetails }[]> {
    if (hunterIds.length === 0) return [];
    return manager.query(
      `select hunter_id as "hunterId", joining from hunter_joining_details where hunter_id = any($1::int[]) order by hunter_id`,
      [hunterIds],
    );
  }

  /**
   * The erased member's hunter profiles: the copy names nobody ('Former member', no member, photo or location),
   * takes no booking again (`suspended`), and is dated 'infinity' so no later event of the profile writes a name
   * back; their joining details and hours go. The kept bookings of the profile still join it, so the client's own
   * list shows the past session with 'Former member'.
   */
  async eraseProfiles(manager: EntityManager, hunterIds: readonly number[]): Promise<void> {
    if (hunterIds.length === 0) return;
    await manager.query(
      `update hunters set user_id = null, name = $2, profile_image_url = null, location = '', status = 'suspended',
         updated_at = 'infinity'
       where id = any($1::int[])`,
      [hunterIds, FORMER_MEMBER],
    );
    await manager.query(`delete from hunter_joining_details where hunter_id = any($1::int[])`, [hunterIds]);
    await manager.query(`delete from hunter_weekly_hours where hunter_id = any($1::int[])`, [hunterIds]);
    await manager.query(`delete from hunter_date_hours where hunter_id = any($1::int[])`, [hunterIds]);
  }
}
