import { Injectable } from '@nestjs/common';
import type { UserRegisteredV1 } from '@hunted/contracts';
import type { UserRegisteredFollowUp } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';

/**
 * Whoever registers with a demo hunter's email (`sofia.hunter@hunted.example`…) becomes that hunter, in the inbox
 * transaction that copies their registration (the platform's UserRegisteredCopyHandler).
 */
@Injectable()
export class DemoHunterClaim implements UserRegisteredFollowUp {
  constructor(private readonly hunters: HunterRepository) {}

  async userRegistered(manager: EntityManager, user: UserRegisteredV1): Promise<void> {
    await this.hunters.claimDemoHunter(manager, user.userId, user.email);
  }
}
