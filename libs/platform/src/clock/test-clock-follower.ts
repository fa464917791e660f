import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { BaseEnv } from '../config/env.js';
import { SERVICE_CONFIG } from '../tokens.js';
import { followTestClock } from './clock.js';

/** With `TEST_CLOCK=on`, keeps this process's clock of session rules on the shared test clock; otherwise nothing. */
@Injectable()
export class TestClockFollower implements OnModuleInit, OnApplicationShutdown {
  private stop: (() => Promise<void>) | null = null;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: BaseEnv) {}

  async onModuleInit(): Promise<void> {
    if (this.config.TEST_CLOCK !== 'on') return;
    this.stop = await followTestClock(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    new Logger('TestClock').warn('TEST_CLOCK=on: a test may move this service\'s clock of session rules');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
