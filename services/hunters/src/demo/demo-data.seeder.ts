import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { dateOfDayNumber, dayNumberOf, londonDateOf, pricePerSessionOf } from '@hunted/contracts';
import { demoDataEnabled, loadDemoDataOnce, SERVICE_CONFIG } from '@hunted/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AvailabilityRepository } from '../availability/availability.repository.js';
import type { HuntersConfig } from '../config.js';
import { HunterRepository } from '../hunters/hunter.repository.js';
import {
  DEMO_HUNTERS,
  demoEmail,
  demoInstagramUrl,
  demoPhotoUrl,
  demoSessionTypes,
  demoWeeklyHours,
  slotsOf,
  type DemoHunter,
} from './demo-hunters.js';

/**
 * Loads the demo marketplace into an empty database at start (unless DEMO_DATA=off; off by default in tests): the
 * hunters of DEMO_HUNTERS, unowned until someone registers with a hunter's demo email, with weekly hours and a few
 * dates that differ from them (counted from today in London, so never in the past). One transaction under an
 * advisory lock, so replicas starting together load it once, and a table that has hunters is never touched. Every
 * write goes through the tables' owners, so hunters.hunter.created and hunters.availability.changed go out with it.
 */
@Injectable()
export class DemoDataSeeder implements OnModuleInit {
  private readonly logger = new Logger(DemoDataSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: HuntersConfig,
    private readonly hunters: HunterRepository,
    private readonly availability: AvailabilityRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!demoDataEnabled(this.config)) return;
    const loaded = await this.seedIfEmpty();
    if (loaded) this.logger.log(`loaded the demo marketplace: ${loaded} hunters (set DEMO_DATA=off to start empty)`);
  }

  /** Loads the demo hunters when there are none; answers how many it loaded (0 when none). */
  async seedIfEmpty(): Promise<number> {
    const today = dayNumberOf(londonDateOf(Date.now()))!;
    return loadDemoDataOnce(
      this.dataSource,
      (manager) => this.hunters.any(manager),
      async (manager) => {
        for (const hunter of DEMO_HUNTERS) await this.insertHunter(manager, hunter, today);
        return DEMO_HUNTERS.length;
      },
    );
  }

  private async insertHunter(manager: EntityManager, demo: DemoHunter, today: number): Promise<void> {
    const sessionTypes = demoSessionTypes(demo);
    const { id } = await this.hunters.insert(
      manager,
      null,
      {
        name: demo.name,
        bio: demo.bio,
        location: demo.location,
        specialties: demo.specialties,
        adviceTypes: demo.adviceTypes,
        languages: demo.languages,
        yearsExperience: demo.yearsExperience,
        instagramUrl: demoInstagramUrl(demo),
        availabilityStatus: demo.availabilityStatus,
        sessionTypes,
        profileImageUrl: demoPhotoUrl(demo),
        pricePerSession: pricePerSessionOf(sessionTypes),
      },
      {
        rating: demo.rating,
        reviewCount: demo.reviewCount,
        totalSessions: demo.totalSessions,
        featured: demo.featured,
        demoEmail: demoEmail(demo),
      },
    );
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
