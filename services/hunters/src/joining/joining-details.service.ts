import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JoiningDetails } from '@hunted/contracts';
import { DataSource } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';
import { JoiningDetailsRepository } from './joining-details.repository.js';

/**
 * The caller's own joining details. Only ever the caller's: the hunter is found by the signed-in user, so nobody can
 * name another hunter's details to read or write them. Any status may set them (a pending hunter gets ready before
 * approval).
 */
@Injectable()
export class JoiningDetailsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly joining: JoiningDetailsRepository,
  ) {}

  async mine(userId: string): Promise<JoiningDetails> {
    return this.joining.find(await this.hunters.requireIdOfUser(userId));
  }

  /** Replaces the caller's details (already checked by joiningDetailsSchema) and announces them in one transaction. */
  set(userId: string, details: JoiningDetails): Promise<JoiningDetails> {
    return this.dataSource.transaction(async (manager) =>
      this.joining.save(manager, await this.hunters.requireIdOfUser(userId, { manager }), details),
    );
  }
}
