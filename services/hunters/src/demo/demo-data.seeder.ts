import { Injectable } from '@nestjs/common';
import {
  dateOfDayNumber,
  dayNumberOf,
  defaultCurrencyOf,
  londonDateOf,
  pricePerSessionOf,
  timeZoneOfLocation,
} from '@hunted/contracts';
import { DemoDataLoader } from '@hunted/platform';
import type { EntityManager } from 'typeorm';
import { AvailabilityRepository } from '../availability/availability.repository.js';
import { HunterRepository } from '../store/hunter.repository.js';
import { JoiningDetailsRepository } from '../joining/joining-details.repository.js';
import {
  DEMO_HUNTERS,
  demoEmail,
  demoInstagramUrl,
  demoJoiningDetails,
  demoPhotoUrl,
  demoSessionTypesIn,
  demoWeeklyHours,
  slotsOf,
  type DemoHunter,
} from './demo-hunters.js';

/**
 * Loads the demo marketplace into an empty database at start (unless DEMO_DATA=off; off by default in tests): the
 * hunters of DEMO_HUNTERS, unowned until someone registers with a hunter's demo email, with their joining details,
 * weekly hours and a few dates that differ from them (counted from today in London, so never in the past).
 * DemoDataLoader runs it in one transaction under an advisory lock, so a table that has hunters is never touched (nor
 * the ratings reviews' events wrote since). Every write goes through the tables' owners, so hunters.hunter.created,
 * hunters.joining-details.changed and hunters.availability.changed go out with it. No rating: each demo hunter starts
 * with none and gets theirs from the demo reviews the reviews service loads (reviews.hunter-rating.changed).
 */
@Injectable()
export class DemoDataSeeder extends DemoDataLoader {
  constructor(
    private readonly hunters: HunterRepository,
    private readonly availability: AvailabilityRepository,
    private readonly joining: JoiningDetailsRepository,
  ) {
    super();
  }

  protected hasData(manager: EntityManager): Promise<boolean> {
    return this.hunters.any(manager);
  }

  protected async load(manager: EntityManager): Promise<number> {
    const today = dayNumberOf(londonDateOf(Date.now()))!;
    for (const hunter of DEMO_HUNTERS) await this.insertHunter(manager, hunter, today);
    return DEMO_HUNTERS.length;
  }

  protected loadedMessage(count: number): string {
    return `loaded the demo marketplace: ${count} hunters (set DEMO_DATA=off to start empty)`;
  }

  private async insertHunter(manager: EntityManager, demo: DemoHunter, today: number): Promise<void> {
    const currency = defaultCurrencyOf(demo.location);
    const sessionTypes = demoSessionTypesIn(demo, currency);
    const { id } = await this.hunters.insert(
      manager,
      null,
      {
        name: demo.name,
        bio: demo.bio,
        location: demo.location,
        // Each demo hunter's city (Milan, Paris, Madrid, Copenhagen, Athens…) keeps its country's one zone.
        timeZone: timeZoneOfLocation(demo.location),
        specialties: demo.specialties,
        adviceTypes: demo.adviceTypes,
        languages: demo.languages,
        yearsExperience: demo.yearsExperience,
        instagramUrl: demoInstagramUrl(demo),
        availabilityStatus: demo.availabilityStatus,
        sessionTypes,
        profileImageUrl: demoPhotoUrl(demo),
        currency,
        pricePerSession: pricePerSessionOf(sessionTypes),
      },
      {
        totalSessions: demo.totalSessions,
        featured: demo.featured,
        demoEmail: demoEmail(demo),
        status: 'approved',
      },
    );
    await this.joining.save(manager, id, demoJoiningDetails(demo));
    await this.availability.setWeeklyHours(manager, id, demoWeeklyHours(demo));
    for (const { inDays, untilDays, hours } of demo.exceptions) {
      const range = {
        startDate: dateOfDayNumber(today + inDays),
        endDate: dateOfDayNumber(today + (untilDays ?? inDays)),
      };
      await this.availability.setRange(manager, id, range, hours ? slotsOf(hours) : []);
    }
  }
}
