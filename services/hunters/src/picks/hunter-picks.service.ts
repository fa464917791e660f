import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HUNTER_PICK_MESSAGES,
  londonDateOf,
  type HunterPick,
  type HunterPickRota,
  type MyHunterPickDay,
} from '@hunted/contracts';
import { EventPublisher, now } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { HunterRepository } from '../store/hunter.repository.js';
import { HunterPickRepository, type ChosenHunter } from './hunter-pick.repository.js';

/** What the day is, in London, by the service's clock (the test clock in end-to-end runs). */
export function pickDay(): string {
  return londonDateOf(now());
}

/**
 * Hunter's Pick: who picks today (chosen at London midnight from the rota, see HunterPickJob), the pick itself
 * (today's hunter only, any number of times that day), today's pick for /today, and the admins' rota.
 */
@Injectable()
export class HunterPicksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly picks: HunterPickRepository,
    private readonly hunters: HunterRepository,
    private readonly events: EventPublisher,
  ) {}

  today(): Promise<HunterPick | null> {
    return this.picks.pickOn(pickDay());
  }

  /** Chooses today's hunter when nobody is chosen yet; the hunter's id, or null with no approved hunter on the rota. */
  chooseToday(): Promise<number | null> {
    return this.dataSource.transaction(async (manager) => (await this.choose(manager, pickDay()))?.hunterId ?? null);
  }

  /** The day's hunter, announced (`hunters.pick.chosen`, for their email) in the transaction that chose them. */
  private async choose(manager: EntityManager, day: string): Promise<ChosenHunter | null> {
    const chosen = await this.picks.chooseHunterFor(manager, day);
    if (chosen?.chosenNow) {
      await this.events.publish(manager, 'hunters.pick.chosen', { hunterId: chosen.hunterId, userId: chosen.userId, hunterName: chosen.name, day });
    }
    return chosen;
  }

  async mine(userId: string): Promise<MyHunterPickDay> {
    const hunterId = await this.hunters.requireIdOfUser(userId);
    const day = pickDay();
    const chosen = await this.picks.hunterOn(this.dataSource.manager, day);
    const isMyDay = chosen === hunterId;
    return { day, isMyDay, pick: isMyDay ? await this.picks.pickOn(day) : null };
  }

  /** Today's hunter (approved) picks a directory brand; anyone else is refused with 403. */
  async pick(userId: string, brandId: number, note: string): Promise<HunterPick> {
    const hunterId = await this.hunters.requireIdOfUser(userId);
    const day = pickDay();
    return this.dataSource.transaction(async (manager) => {
      const chosen = await this.picks.hunterOn(manager, day);
      const approved = await this.picks.isApproved(manager, hunterId);
      if (chosen !== hunterId || !approved) throw new ForbiddenException(HUNTER_PICK_MESSAGES.notYourDay);
      if (!(await this.picks.pick(manager, day, hunterId, brandId, note))) {
        throw new BadRequestException({ statusCode: 400, message: HUNTER_PICK_MESSAGES.brand, errors: { brandId: HUNTER_PICK_MESSAGES.brand } });
      }
      return (await this.picks.pickOn(day, manager))!;
    });
  }

  async rota(): Promise<HunterPickRota> {
    const day = pickDay();
    const [entries, hunterId] = await Promise.all([this.picks.rota(), this.picks.hunterOn(this.dataSource.manager, day)]);
    return { entries, today: hunterId === null ? null : { day, hunterId } };
  }

  /**
   * Replaces the rota (approved hunters only, else 400 and nothing changes); with nobody chosen for today yet, the
   * first of the new rota picks today, so a new rota starts at once rather than at midnight.
   */
  async setRota(hunterIds: number[]): Promise<HunterPickRota> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.picks.replaceRota(manager, hunterIds))) {
        throw new BadRequestException({ statusCode: 400, message: HUNTER_PICK_MESSAGES.rota, errors: { hunterIds: HUNTER_PICK_MESSAGES.rota } });
      }
      await this.choose(manager, pickDay());
    });
    return this.rota();
  }
}
