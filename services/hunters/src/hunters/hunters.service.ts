import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Hunter, HunterInputParsed, HunterUpdateParsed, OwnHunter } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { hunterChangesOf, newHunterValues } from './hunter-input.js';
import type { HunterListQuery } from './hunter-query.js';
import { HunterRepository } from './hunter.repository.js';

/** Profiles: the public listing and a hunter's page, and a member's own profile. */
@Injectable()
export class HuntersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
  ) {}

  list(query: HunterListQuery): Promise<{ hunters: Hunter[]; total: number }> {
    return this.hunters.list(query);
  }

  findById(id: number): Promise<Hunter> {
    return this.hunters.findById(id);
  }

  findByUser(userId: string): Promise<OwnHunter> {
    return this.hunters.findByUser(userId);
  }

  /** A member's profile, announced in the same transaction. */
  async create(userId: string, input: HunterInputParsed): Promise<OwnHunter> {
    const hunter = await this.dataSource.transaction((manager) => this.hunters.insert(manager, userId, newHunterValues(input)));
    return { ...hunter, userId };
  }

  /** The owner's edit, announced in the same transaction. */
  update(id: number, userId: string, update: HunterUpdateParsed): Promise<OwnHunter> {
    return this.dataSource.transaction((manager) => this.hunters.updateOwn(manager, id, userId, hunterChangesOf(update)));
  }
}
