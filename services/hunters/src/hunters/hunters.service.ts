import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Hunter, HunterInputParsed, HunterUpdateParsed, OwnHunter } from '@hunted/contracts';
import { EventPublisher } from '@hunted/platform';
import { DataSource } from 'typeorm';
import { hunterChangesOf, newHunterValues } from '../store/hunter-input.js';
import type { HunterListQuery } from '../store/hunter-query.js';
import { HunterRepository, ownHunterOf } from '../store/hunter.repository.js';
import { HunterDecisionRepository, vettedEventOf } from '../store/hunter-decision.repository.js';

/** Profiles: the public listing and a hunter's page, and a member's own profile. */
@Injectable()
export class HuntersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    private readonly decisions: HunterDecisionRepository,
    private readonly events: EventPublisher,
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

  /** A member's profile, pending review (the table's default), announced in the same transaction. */
  async create(userId: string, input: HunterInputParsed): Promise<OwnHunter> {
    const hunter = await this.dataSource.transaction((manager) => this.hunters.insert(manager, userId, newHunterValues(input)));
    return ownHunterOf(hunter, userId);
  }

  /**
   * The owner's edit, announced in the same transaction. An edit of a rejected profile sends it back to the queue:
   * the resubmission is recorded as a decision of the hunter's own and announced as hunters.hunter.vetted.
   */
  update(id: number, userId: string, update: HunterUpdateParsed): Promise<OwnHunter> {
    return this.dataSource.transaction(async (manager) => {
      const { hunter, fromStatus } = await this.hunters.updateOwn(manager, id, userId, hunterChangesOf(update));
      if (fromStatus === 'rejected') {
        const decision = await this.decisions.record(manager, {
          hunterId: id,
          decision: 'resubmit',
          fromStatus,
          toStatus: hunter.status,
          reason: null,
          decidedBy: userId,
        });
        await this.events.publish(manager, 'hunters.hunter.vetted', vettedEventOf(hunter, decision));
      }
      return ownHunterOf(hunter, userId);
    });
  }
}
