import { createRequire } from 'node:module';
import type { TracerProvider } from '@opentelemetry/api';
import type * as InstrumentationModule from '@opentelemetry/instrumentation';
import type * as IORedisInstrumentationModule from '@opentelemetry/instrumentation-ioredis';
import type * as PgInstrumentationModule from '@opentelemetry/instrumentation-pg';

/**
 * The official OpenTelemetry instrumentations of the two database clients: `@opentelemetry/instrumentation-pg` (a
 * CLIENT span per PostgreSQL query, `pg.query:<VERB> <db>`, and per pool checkout) and
 * `@opentelemetry/instrumentation-ioredis` (a CLIENT span per Redis command). Both patch the client classes'
 * prototypes (`Client.prototype.query`, `Pool.prototype.connect`, `Redis.prototype.sendCommand`), so every client
 * of the process is covered, however it was loaded.
 *
 * How they reach the modules: `pg`, `pg-pool` and `ioredis` are CommonJS packages, and the instrumentations patch
 * them from a `require` hook (require-in-the-middle), which sees only `require()` calls. The apps are ES modules
 * whose static imports load `pg`, `ioredis`, TypeORM and BullMQ before main.ts's first line (startTracing) runs,
 * and an ES `import` of a CommonJS package does not go through that hook either. So once the hook is in place,
 * the modules are required here, from the platform's own dependencies: the hook sees them then (loaded already or
 * not; Node's CommonJS cache gives an ES import and a require the same exports object) and patches the prototypes
 * every other importer shares. No loader flag (`--import`), no change to main.ts's import order.
 *
 * Loaded and registered only when tracing is on: while it is off none of these packages is even loaded, and no
 * `require` hook exists.
 */

const requireCjs = createRequire(import.meta.url);

type Instrumentations = [PgInstrumentationModule.PgInstrumentation, IORedisInstrumentationModule.IORedisInstrumentation];

/**
 * One set per process. require-in-the-middle's hook is process-wide and hands each module to the instrumentations
 * once; an instrumentation disabled at a shutdown and enabled again (a test starting tracing twice) patches the
 * exports it kept, whereas a new instance would never see the modules again.
 */
let instrumentations: Instrumentations | undefined;

function createInstrumentations(): Instrumentations {
  const { PgInstrumentation } = requireCjs('@opentelemetry/instrumentation-pg') as typeof PgInstrumentationModule;
  const { IORedisInstrumentation } = requireCjs('@opentelemetry/instrumentation-ioredis') as typeof IORedisInstrumentationModule;
  return [
    // Created disabled: registerInstrumentations enables them at every start (it skips one configured enabled).
    // Only inside a span: the relay's outbox polls, the consumers' reads, the migrations at boot, the health probes
    // and BullMQ's blocking waits belong to no request, and would each be a trace of its own, several a second.
    // The SQL text is recorded with its `$1` placeholders, never the parameter values (enhancedDatabaseReporting).
    new PgInstrumentation({ enabled: false, requireParentSpan: true }),
    // The command's name only: the default keeps the arguments of most commands, and here keys hold client
    // addresses (the gateway's rate limits) and BullMQ's script arguments a job's data.
    new IORedisInstrumentation({ enabled: false, requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
}

/** The client packages, required so the hook patches them (see above). `pg-pool` is resolved as `pg` requires it. */
function requireClients(): void {
  requireCjs('ioredis');
  requireCjs('pg');
  createRequire(requireCjs.resolve('pg'))('pg-pool');
}

/**
 * Enables the pg and ioredis instrumentations, their spans going to `tracerProvider`. Returns what disables them
 * again (the prototypes unpatched), for the tracing's shutdown.
 */
export function instrumentClients(tracerProvider: TracerProvider): () => void {
  const { registerInstrumentations } = requireCjs('@opentelemetry/instrumentation') as typeof InstrumentationModule;
  instrumentations ??= createInstrumentations();
  const disable = registerInstrumentations({ tracerProvider, instrumentations });
  requireClients();
  return disable;
}
