import { Inject, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { BaseEnv } from '../config/env.js';
import { ServiceMetricsCollector } from '../metrics/service-metrics.js';
import { AfterCommit } from './after-commit.js';
import { SERVICE_CONFIG } from '../tokens.js';
import type { JobHandler, JobKind } from './job-kind.js';
import { JobQueue } from './job-queue.js';

/**
 * A feature's job kinds, each with its own `JobQueue` (queue, worker, schedule, sweep) started and stopped with
 * the application. The handlers stay providers of the feature module, so they inject what it has; the queues are
 * exported for `@InjectJobQueue(kind)`.
 */
/** What the module needs of a kind, whatever its data and configuration types: kinds come from `defineJob`. */
export interface RegisteredJobKind {
  readonly token: symbol;
  readonly queue: string;
}

@Module({})
export class JobsModule {
  // Kinds are defined once each, at module scope; the sets of kinds given here are told apart by their queues.
  static forFeature(kinds: readonly RegisteredJobKind[]): DynamicModule {
    const providers: Provider[] = kinds.map((kind) => ({
      provide: kind.token,
      // The metrics collector is optional: a test may build the jobs module without the platform module.
      inject: [SERVICE_CONFIG, ModuleRef, { token: ServiceMetricsCollector, optional: true }],
      useFactory: (config: BaseEnv, moduleRef: ModuleRef, metrics: ServiceMetricsCollector | undefined) => {
        const defined = kind as JobKind<unknown, BaseEnv>;
        // The handler lives in the importing module, which this one cannot inject from: looked up at start.
        const queue = JobQueue.forKind(defined, config, () => moduleRef.get<JobHandler<unknown>>(defined.handler, { strict: false }));
        metrics?.trackJobQueue(queue);
        return queue;
      },
    }));
    // AfterCommit comes with the queues: the way a transaction adds their jobs once it has committed.
    return { module: JobsModule, providers: [...providers, AfterCommit], exports: [...kinds.map((kind) => kind.token), AfterCommit] };
  }
}

/** Injects the `JobQueue` of a kind registered with `JobsModule.forFeature`. */
export function InjectJobQueue(kind: RegisteredJobKind): ParameterDecorator & PropertyDecorator {
  return Inject(kind.token);
}
