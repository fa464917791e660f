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
   */
  async vote(brandId: number, userId: string, ipAddress: string): Promise<VoteResponse> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        await manager.query(`insert into votes (brand_id, user_id, ip_address) values ($1, $2, $3)`, [
          brandId,
          userId,
          ipAddress.slice(0, IP_MAX),
        ]);
        const [[brand]] = await manager.query<[{ votes: number }[], number]>(
          `update brands set votes = votes + 1 where id = $1 returning votes`,
          [brandId],
        );
        const [today] = await manager.query<{ votes: number }[]>(
          `insert into brand_daily_votes as d (brand_id, day, votes) values ($1, ${LONDON_TODAY}, 1)
           on conflict (brand_id, day) do update set votes = d.votes + 1
           returning votes`,
          [brandId],
        );
        return { votes: brand!.votes, todayVotes: today!.votes };
      });
    } catch (error) {
      const state = sqlStateOf(error);
      if (state === EXCLUSION_VIOLATION) throw new ConflictException(ALREADY_VOTED);
      if (state === FOREIGN_KEY_VIOLATION) throw new NotFoundException(BRAND_NOT_FOUND);
      throw error;
    }
  }
}
