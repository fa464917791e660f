import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { VoteResponse } from '@hunted/contracts';
import { DataSource, QueryFailedError } from 'typeorm';
import { LONDON_TODAY } from '../brands/brand-sql.js';
import { BRAND_NOT_FOUND } from '../brands/brands.service.js';

export const ALREADY_VOTED = 'You have already voted for this brand in the last 24 hours.';
const EXCLUSION_VIOLATION = '23P01';
const FOREIGN_KEY_VIOLATION = '23503';
/** The longest textual IPv6 address (with an embedded IPv4 part); the column's length. */
const IP_MAX = 45;

function sqlStateOf(error: unknown): string | undefined {
  return error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
}

@Injectable()
export class VotesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One vote, its brand's total and today's counter in one transaction. The once-per-24-hours rule is the
   * votes table's exclusion constraint: of simultaneous votes by one user, one commits and the others fail it.
   *
   * The day's counter row is upserted first and copied onto the brand row in the same statement, while its row
   * lock is held, so concurrent votes write the brand's today_votes in the counter's own order. The brand's day
   * only moves forward: a vote of the previous day committing just after midnight, after one of the new day,
   * leaves the new day's count in place.
   */
  async vote(brandId: number, userId: string, ipAddress: string): Promise<VoteResponse> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(`insert into votes (brand_id, user_id, ip_address) values ($1, $2, $3)`, [
          brandId,
          userId,
          ipAddress.slice(0, IP_MAX),
        ]);
        const [[counted]] = await manager.query<[VoteResponse[], number]>(
          `with counter as (
             insert into brand_daily_votes as d (brand_id, day, votes) values ($1, ${LONDON_TODAY}, 1)
             on conflict (brand_id, day) do update set votes = d.votes + 1
             returning day, votes)
           update brands b set
             votes = b.votes + 1,
             today_votes = case when b.today_votes_day > counter.day then b.today_votes else counter.votes end,
             today_votes_day = greatest(b.today_votes_day, counter.day)
           from counter where b.id = $1
           returning b.votes, counter.votes as "todayVotes"`,
          [brandId],
        );
        return counted!;
      });
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === EXCLUSION_VIOLATION) throw new ConflictException(ALREADY_VOTED);
      if (state === FOREIGN_KEY_VIOLATION) throw new NotFoundException(BRAND_NOT_FOUND);
      throw error;
    }
  }
}
