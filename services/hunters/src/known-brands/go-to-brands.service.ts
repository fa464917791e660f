import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HUNTER_EDIT_MESSAGES, HUNTER_MESSAGES, type BrandRef } from '@hunted/contracts';
import { SQL_STATE, sqlStateOf } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { BrandCopies } from '../store/brand-copies.js';
import { HunterRepository } from '../store/hunter.repository.js';
import { GoToBrandsRepository } from './go-to-brands.repository.js';

/** A brand the directory does not have: the 400 names `brandIds`, as the schema's own refusals do. */
function notInDirectory(): BadRequestException {
  const message = HUNTER_EDIT_MESSAGES.goToBrands;
  return new BadRequestException({ statusCode: 400, message, errors: { brandIds: message } });
}

/**
 * A hunter's go-to brands: the owner sets and reads their own (the route names no hunter, so nobody reaches
 * another's list), anyone reads an approved hunter's.
 */
@Injectable()
export class GoToBrandsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly brands: BrandCopies,
    private readonly goTo: GoToBrandsRepository,
  ) {}

  async mine(userId: string): Promise<BrandRef[]> {
    return this.goTo.list(await this.hunters.requireIdOfUser(userId, { notFound: HUNTER_MESSAGES.notFound }));
  }

  /** Replaces the caller's list (up to 12 distinct ids, checked by goToBrandsInputSchema) in one transaction. */
  async set(userId: string, brandIds: readonly number[]): Promise<BrandRef[]> {
    const hunterId = await this.hunters.requireIdOfUser(userId, { notFound: HUNTER_MESSAGES.notFound });
    if ((await this.brands.missing(brandIds)).length > 0) throw notInDirectory();
    try {
      return await this.dataSource.transaction((manager) => this.goTo.replace(manager, hunterId, brandIds));
    } catch (error) {
      // A brand deleted between the check and the insert: the same answer as one that was never there.
      if (sqlStateOf(error) === SQL_STATE.foreignKeyViolation) throw notInDirectory();
      throw error;
    }
  }

  /** An approved hunter's list (404 'Hunter not found' for any other, as their page). */
  async ofHunter(hunterId: number): Promise<BrandRef[]> {
    await this.hunters.findById(hunterId);
    return this.goTo.list(hunterId);
  }
}
