import { Inject, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { loadDemoDataOnce } from '../database/demo-data-lock.js';
import { SERVICE_CONFIG } from '../tokens.js';
import { demoDataEnabled } from './demo-data.js';

/**
 * A service's demo data, loaded into an empty database at start unless DEMO_DATA=off (off by default in tests), in
 * one transaction under the schema's demo-data lock (loadDemoDataOnce): replicas starting together load it once,
 * and a database that has data is never touched. A subclass (an @Injectable provider) says what "has data" means,
 * what to load and what to log.
 */
export abstract class DemoDataLoader implements OnModuleInit {
  @InjectDataSource() protected readonly dataSource!: DataSource;
  @Inject(SERVICE_CONFIG) private readonly serviceConfig!: Parameters<typeof demoDataEnabled>[0];
  private readonly logger = new Logger(this.constructor.name);

  /** Whether the service already has data, read in the loading transaction. */
  protected abstract hasData(manager: EntityManager): Promise<boolean>;
  /** Loads the demo data in the transaction; answers how many of its main rows it loaded. */
  protected abstract load(manager: EntityManager): Promise<number>;
  /** The line logged once `count` rows were loaded. */
  protected abstract loadedMessage(count: number): string;

  // onModuleInit runs before any onApplicationBootstrap, so what starts then already sees the demo data.
  async onModuleInit(): Promise<void> {
    if (!demoDataEnabled(this.serviceConfig)) return;
    const loaded = await this.seedIfEmpty();
    if (loaded) this.logger.log(this.loadedMessage(loaded));
  }

  /** Loads the demo data when there is none; answers how many rows it loaded (0 when none). */
  seedIfEmpty(): Promise<number> {
    return loadDemoDataOnce(
      this.dataSource,
      (manager) => this.hasData(manager),
      (manager) => this.load(manager),
    );
  }
}
