import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { VoteResponse } from '@hunted/contracts';
import { retriedTransaction, SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { BRAND_NOT_FOUND, BrandRepository } from '../brands/brand.repository.js';

export const ALREADY_VOTED = 'You have already voted for this brand in the last 24 hours.';
/** The longest textual IPv6 address (with an embedded IPv4 part); the column's length. */
const IP_MAX = 45;

/** One of a member's votes as their export lists it. */
export interface MemberVote {
  brandId: number;
  votedAt: Date;
  /** The address stored with it; null once VOTE_IP_RETENTION_DAYS have passed (the retention job cleared it). */
  ipAddress: string | null;
}

/** Addresses cleared per statement by the retention job: a bounded transaction however large the backlog. */
const IP_CLEAR_BATCH = 5_000;

/** A vote cast in the past (demo data), counted by its time rather than as it happens. */
export interface PastVote {
  brandId: number;
  userId: string;
  ipAddress: string;
  createdAt: Date;
}

@Injectable()
export class VotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly brands: BrandRepository,
  ) {}

  /**
   * One vote, its brand's total and today's counter in one transaction (the counters are the brand's: see
   * BrandRepository.countVote). The once-per-24-hours rule is the votes table's exclusion constraint; a vote for a
   * brand that does not exist fails its foreign key. Simultaneous votes by one member for one brand take their turn
   * on a lock of the pair, so each after the first meets the committed row and fails the constraint at once. Without
   * it, each pair of uncommitted rows waits on the other, and PostgreSQL breaks one such deadlock per second
   * (deadlock_timeout): 50 taps at once held the pool for half a minute.
   */
  async vote(brandId: number, userId: string, ipAddress: string): Promise<VoteResponse> {
    try {
      return await retriedTransaction(this.dataSource, async (manager) => {
        await manager.query(
          `select pg_advisory_xact_lock(hashtextextended(current_schema() || ':vote:' || $1 || ':' || $2, 0))`,
          [brandId, userId],
        );
        await manager.query(`insert into votes (brand_id, user_id, ip_address) values ($1, $2, $3)`, [
          brandId,
          userId,
          ipAddress.slice(0, IP_MAX),
        ]);
        return this.brands.countVote(manager, brandId);
      });
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === SQL_STATE.exclusionViolation) throw new ConflictException(ALREADY_VOTED);
      if (state === SQL_STATE.foreignKeyViolation) throw new NotFoundException(BRAND_NOT_FOUND);
      throw error;
    }
  }

  /**
   * The brands the member voted for, each once, the most recent vote first, at most `limit` (the style passport).
   * Read on votes_user_created_idx; a member votes for a brand at most once a day, so their rows stay few.
   */
  async recentBrandIds(userId: string, limit: number): Promise<number[]> {
    const rows = await this.dataSource.query<{ brandId: number }[]>(
      `select brand_id as "brandId" from votes where user_id = $1
       group by brand_id order by max(created_at) desc, brand_id desc limit $2`,
      [userId, limit],
    );
    return rows.map((row) => row.brandId);
  }

  /**
   * Stores votes cast in the past, in bulk, in the caller's transaction (each with its 24-hour window from its own
   * time). The brands' figures are not touched: the caller recounts them (BrandRepository.recountAllVotes).
   */
  async insertPast(manager: EntityManager, votes: readonly PastVote[]): Promise<void> {
    await manager.query(
      `insert into votes (brand_id, user_id, ip_address, created_at, window_end)
       select brand_id, user_id, ip, created_at, created_at + interval '24 hours'
       from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[]) as v(brand_id, user_id, ip, created_at)`,
      [
        votes.map((vote) => vote.brandId),
        votes.map((vote) => vote.userId),
        votes.map((vote) => vote.ipAddress.slice(0, IP_MAX)),
        votes.map((vote) => vote.createdAt),
      ],
    );
  }

  /** Every vote of the member, newest first (their export). */
  ofMember(manager: EntityManager, userId: string): Promise<MemberVote[]> {
    return manager.query(
      `select brand_id as "brandId", created_at as "votedAt", ip_address as "ipAddress" from votes
        where user_id = $1 order by created_at desc, id desc`,
      [userId],
    );
  }

  /**
   * A deleted member's votes stay as anonymous counts: the rows keep their brand and time (brands.votes, the day's
   * counters and the featured pick are counted from them) and lose the member and the address. Null members
   * conflict with nobody in the once-per-24-hours constraint.
   */
  async anonymiseMember(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('update votes set user_id = null, ip_address = null where user_id = $1', [userId]);
  }

  /**
   * Clears the address of every vote cast before `cutoff` (the retention job), a batch per transaction on
   * votes_ip_kept_idx. Answers how many were cleared.
   */
  async clearAddressesBefore(cutoff: Date): Promise<number> {
    let cleared = 0;
    for (;;) {
      const [, count] = await this.dataSource.query<[unknown[], number]>(
        `update votes set ip_address = null
          where id in (select id from votes where ip_address is not null and created_at < $1 limit $2)`,
        [cutoff, IP_CLEAR_BATCH],
      );
      cleared += count;
      if (count < IP_CLEAR_BATCH) return cleared;
    }
  }
}
