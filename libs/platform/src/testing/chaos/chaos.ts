import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadLetterStreamOf, streamOfEventType } from '@hunted/contracts';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ensureSchema, schemaConnectionOptions } from '../../database/schema.js';
import { eventEntities } from '../../events/event-entities.js';
import { eventMigrations } from '../../events/event-migrations.js';
import { EventPublisher } from '../../events/event-publisher.js';
import { ensureDatabaseExists } from '../test-database.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test-env.js';
import { CHAOS_EVENT_TYPE, CHAOS_GROUP, CHAOS_PRODUCER, type ChaosRole, type ChaosWorkerConfig } from './chaos-setup.js';

export interface ChaosOptions {
  events: number;
  /** SIGKILLs in all, about half of them relays and half consumers. */
  kills: number;
  /** Events are written evenly over this time; the kills fall inside it, the last one shortly before its end. */
  productionMs: number;
  /** The longest the group may take, after the last restart, to have every event applied and nothing pending. */
  drainLimitMs: number;
  /** Wall clock the whole run must fit in; a run that would take longer is cut short and fails. */
  budgetMs: number;
  /** Seeds the kill plan (times, targets, restart delays), so a failing plan can be run again. */
  seed: number;
  /** Must be on loopback: a chaos run creates and drops schemas and keys of its own there. */
  databaseUrl: string;
  redisUrl: string;
  log: (line: string) => void;
  signal?: AbortSignal;
}

export function chaosDefaults(overrides: Partial<ChaosOptions> = {}): ChaosOptions {
  return {
    events: 10_000,
    kills: 24,
    productionMs: 80_000,
    drainLimitMs: 10_000,
    budgetMs: 180_000,
    seed: randomBytes(4).readUInt32BE(0),
    databaseUrl: TEST_DATABASE_URL,
    redisUrl: TEST_REDIS_URL,
    log: () => undefined,
    ...overrides,
  };
}

export interface ChaosFigures {
  produced: number;
  /** Stream entries the relays wrote: more than produced when a relay died between XADD and its commit. */
  streamEntries: number;
  /** Produced events with at least one effect row. */
  applied: number;
  /** Effect rows beyond the first per event. */
  duplicates: number;
  kills: { relays: number; consumers: number };
  /** Workers that exited without being killed (a crash): their logs say why. */
  selfExits: number;
  deadLetters: number;
  pendingAtEnd: number;
  /** Consumer names still in the group after the clean stop: those of killed processes are never removed. */
  groupConsumers: number;
  /** From the last restart to every event applied and nothing pending; null when that never happened. */
  drainMs: number | null;
  durationMs: number;
  /** The machine's 1-minute load average at the start and at the end: the timing figures depend on it. */
  load: { start: number; end: number; cores: number };
}

export interface ChaosCheck {
  figure: string;
  value: string;
  want: string;
  ok: boolean;
}

export interface ChaosResult {
  runId: string;
  options: ChaosOptions;
  figures: ChaosFigures;
  checks: ChaosCheck[];
  ok: boolean;
  /** Why the run stopped early, when it did. */
  error: string | null;
  /** The workers' output; kept only when the run failed. */
  logDir: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function assertLoopback(url: string, what: string): void {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new Error(`${what} ${JSON.stringify(url)} is not a URL`);
  }
  if (!LOOPBACK.has(host) && !host.startsWith('127.')) {
    throw new Error(`${what} points at ${host}; a chaos run only uses PostgreSQL and Redis on loopback (127.0.0.1)`);
  }
}

/** The compiled worker: the processes a run kills are plain node, even when the driver runs from source. */
function workerScript(): string {
  const testingEntry = createRequire(import.meta.url).resolve('@hunted/platform/testing');
  const script = join(dirname(testingEntry), 'chaos', 'chaos-worker.js');
  if (!existsSync(script)) throw new Error(`${script} is missing: build first (npm run build, or npx tsc -b libs/platform)`);
  return script;
}

/** mulberry32: small, seeded, good enough to pick kill times. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface PlannedKill {
  atMs: number;
  role: ChaosRole;
  restartDelayMs: number;
}

/**
 * Kill times at random intervals over the production; roles half and half, shuffled, but the last is a consumer,
 * killed while events still flow (at 97 % of the production) so it dies holding entries: the final drain then
 * includes taking them over. At the very end the consumers are idle and a kill would leave nothing pending.
 */
export function chaosKillPlan(random: () => number, kills: number, productionMs: number): PlannedKill[] {
  const roles: ChaosRole[] = Array.from({ length: kills - 1 }, (_, i) => (i % 2 === 0 ? 'relay' : 'consumer'));
  for (let i = roles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [roles[i], roles[j]] = [roles[j]!, roles[i]!];
  }
  roles.push('consumer');
  const gaps = roles.map(() => 0.3 + random() * 1.4);
  const total = gaps.reduce((sum, gap) => sum + gap, 0);
  const first = productionMs * 0.05;
  const last = productionMs * 0.97;
  let elapsed = 0;
  return roles.map((role, i) => {
    elapsed += gaps[i]!;
    return { atMs: first + ((last - first) * elapsed) / total, role, restartDelayMs: 100 + Math.floor(random() * 900) };
  });
}

/** One relay or consumer position: the process in it is killed and replaced, the position stays. */
class WorkerSlot {
  child: ChildProcess | null = null;
  kills = 0;
  selfExits = 0;
  startedAt = 0;
  ready: Promise<void> = Promise.resolve();
  private exited: Promise<void> = Promise.resolve();
  /** From a SIGKILL until the next process is spawned: the slot is not a target then, so it is never killed twice. */
  private restarting = false;
  private stopping = false;
  /** Every process this slot started, so none outlives the run whatever happened. */
  private readonly spawned = new Set<ChildProcess>();

  constructor(
    readonly config: ChaosWorkerConfig,
    private readonly script: string,
    private readonly logFile: string,
    private readonly log: (line: string) => void,
  ) {}

  get alive(): boolean {
    return !this.restarting && this.child !== null && running(this.child);
  }

  start(): void {
    const fd = openSync(this.logFile, 'a');
    writeSync(fd, `--- ${new Date().toISOString()} starting ${this.config.label}\n`);
    const child = spawn(process.execPath, [this.script], {
      env: { ...process.env, CHAOS_WORKER: JSON.stringify(this.config), NO_COLOR: '1' },
      stdio: ['ignore', fd, fd, 'ipc'],
    });
    closeSync(fd);
    this.spawned.add(child);
    this.child = child;
    this.startedAt = Date.now();
    this.ready = new Promise((resolve) => child.on('message', (message) => message === 'ready' && resolve()));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.spawned.delete(child);
        if (!this.restarting && !this.stopping) {
          this.selfExits += 1;
          this.log(`${this.config.label} (pid ${child.pid}) exited by itself (code ${code}, signal ${signal}); see ${this.logFile}`);
          // The position must not stay empty; the failure is in the figures.
          setTimeout(() => !this.stopping && this.start(), 500);
        }
        resolve();
      });
    });
  }

  /** SIGKILL, then a new process after `restartDelayMs`; resolves once it is spawned. */
  async kill(restartDelayMs: number): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    this.restarting = true;
    child.kill('SIGKILL');
    this.kills += 1;
    await this.exited;
    await sleep(restartDelayMs);
    if (!this.stopping) this.start();
    this.restarting = false;
  }

  /** SIGTERM (a clean stop), SIGKILL after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (child && running(child)) {
      child.kill('SIGTERM');
      const gone = await within(this.exited.then(() => true), graceMs, () => false);
      if (!gone) {
        child.kill('SIGKILL');
        await this.exited;
      }
    }
    for (const stray of this.spawned) if (running(stray)) stray.kill('SIGKILL');
  }
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Resolves with `promise`, or with `fallback()` once `ms` have passed; the timer never keeps the process up. */
function within<T>(promise: Promise<T>, ms: number, fallback: () => T | Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => void Promise.resolve().then(fallback).then(resolve, reject), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Produces events through the real outbox while two relays and two consumers of one group, each its own
 * process, are SIGKILLed and restarted at random moments; then measures whether every event took effect exactly
 * once and nothing is left pending. Everything it creates (two schemas, keys under its own prefix) is dropped.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const startedAt = Date.now();
  const loadAtStart = loadavg()[0]!;
  assertLoopback(options.databaseUrl, 'TEST_DATABASE_URL');
  assertLoopback(options.redisUrl, 'TEST_REDIS_URL');
  if (options.events < 1 || options.kills < 2) throw new Error('a chaos run needs at least 1 event and 2 kills (one relay, one consumer)');
  // A fresh clone after `npm start` has `hunted` but no test database yet: make it, as the test setup does.
  await ensureDatabaseExists(options.databaseUrl).catch((failure: Error) => {
    throw new Error(`could not make sure the database of TEST_DATABASE_URL exists: ${failure.message}`);
  });
  const script = workerScript();
  const budget = AbortSignal.timeout(options.budgetMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;

  const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const producerSchema = `chaos_${runId}_producer`;
  const consumerSchema = `chaos_${runId}_consumer`;
  const prefix = `chaos:${runId}:`;
  const stream = prefix + streamOfEventType(CHAOS_EVENT_TYPE);
  const deadLetters = prefix + deadLetterStreamOf(CHAOS_GROUP);
  const logDir = mkdtempSync(join(tmpdir(), `hunted-chaos-${runId}-`));
  const log = options.log;

  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', () => undefined);
  const producer = new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    schema: producerSchema,
    entities: eventEntities,
    migrations: eventMigrations,
    migrationsTableName: 'migrations',
    extra: { ...schemaConnectionOptions(producerSchema), max: 6, application_name: 'hunted-chaos-driver' },
  });
  const slots: WorkerSlot[] = [];
  const restarts = new Set<Promise<void>>();
  let committed = 0;
  let drainMs: number | null = null;
  let error: string | null = null;

  const count = async (sql: string): Promise<number> => Number((await producer.query(sql))[0].n);
  const pending = async (): Promise<number> => {
    try {
      return Number(((await redis.call('XPENDING', stream, CHAOS_GROUP)) as [number])[0]);
    } catch (failure) {
      if (String(failure).includes('NOGROUP')) return 0;
      throw failure;
    }
  };
  const applied = () => count(`select count(distinct event_id) as n from "${consumerSchema}".effects`);

  try {
    await ensureSchema(options.databaseUrl, producerSchema);
    await ensureSchema(options.databaseUrl, consumerSchema);
    await producer.initialize();
    await producer.runMigrations({ transaction: 'each' });
    await producer.query(`create table "${producerSchema}".changes (n integer primary key, event_id uuid not null)`);
    // The consumer's inbox comes from the same platform migration the services run, in the consumer's schema.
    const consumerTables = new DataSource({
      type: 'postgres',
      url: options.databaseUrl,
      schema: consumerSchema,
      // only the inbox's: the consumer publishes nothing, so it has no outbox (nor the outbox's later columns)
      migrations: eventMigrations.filter((migration) => !migration.name.startsWith('PlatformOutbox')),
      migrationsTableName: 'migrations',
      extra: { ...schemaConnectionOptions(consumerSchema), max: 1 },
    });
    await consumerTables.initialize();
    await consumerTables.runMigrations();
    await consumerTables.destroy();
    // A serial key, and the event id a plain column: a second application of an event would be a second row.
    await producer.query(
      `create table "${consumerSchema}".effects (id bigserial primary key, event_id uuid not null, consumer text not null, applied_at timestamptz not null default now())`,
    );

    const worker = (role: ChaosRole, index: number, schema: string) =>
      new WorkerSlot(
        { role, label: `${role}-${index}`, databaseUrl: options.databaseUrl, schema, redisUrl: options.redisUrl, redisPrefix: prefix },
        script,
        join(logDir, `${role}-${index}.log`),
        log,
      );
    slots.push(worker('relay', 1, producerSchema), worker('relay', 2, producerSchema), worker('consumer', 1, consumerSchema), worker('consumer', 2, consumerSchema));
    for (const slot of slots) slot.start();
    await within(Promise.all(slots.map((slot) => slot.ready)).then(() => undefined), 30_000, () => {
      throw new Error(`the workers were not ready within 30 s; see ${logDir}`);
    });

    const random = seededRandom(options.seed);
    const plan = chaosKillPlan(random, options.kills, options.productionMs);
    log(`chaos ${runId}: ${options.events} events over ${options.productionMs / 1000} s, ${plan.length} kills (seed ${options.seed}); logs in ${logDir}`);

    const productionStart = Date.now();
    const publisher = new EventPublisher(CHAOS_PRODUCER);
    const interval = options.productionMs / options.events;
    let next = 0;
    // Several lanes, so one slow commit does not hold the rate; each event is due at a fixed time.
    const lane = async () => {
      for (let n = next++; n < options.events; n = next++) {
        const wait = productionStart + n * interval - Date.now();
        if (wait > 0) await sleep(wait, undefined, { signal });
        await producer.transaction(async (manager) => {
          const event = await publisher.publish(manager, CHAOS_EVENT_TYPE, {
            userId: randomUUID(),
            email: `chaos-${n}@example.test`,
            firstName: `Chaos ${n}`,
            lastName: null,
            profileImageUrl: null,
            instagramUrl: null,
          });
          // The producer's own change, in the same transaction as its event.
          await manager.query(`insert into "${producerSchema}".changes (n, event_id) values ($1, $2)`, [n, event.id]);
        });
        committed += 1;
      }
    };
    const killer = async () => {
      for (const kill of plan) {
        const wait = productionStart + kill.atMs - Date.now();
        if (wait > 0) await sleep(wait, undefined, { signal });
        // The planned role's process, or its twin when that one is still being restarted; a process that is
        // only starting up is fair game too.
        let target: WorkerSlot | undefined;
        while (!target) {
          const candidates = slots.filter((slot) => slot.config.role === kill.role && slot.alive);
          target = candidates[Math.floor(random() * candidates.length)];
          if (!target) await sleep(50, undefined, { signal });
        }
        const restart = target.kill(kill.restartDelayMs);
        restarts.add(restart);
        void restart.finally(() => restarts.delete(restart));
      }
    };
    const reporter = setInterval(() => {
      void Promise.all([applied(), pending()]).then(
        ([done, open]) => {
          const kills = slots.reduce((sum, slot) => sum + slot.kills, 0);
          log(`  ${((Date.now() - productionStart) / 1000).toFixed(0).padStart(3)} s  produced ${committed}  applied ${done}  pending ${open}  kills ${kills}`);
        },
        () => undefined,
      );
    }, Math.min(10_000, Math.max(1_000, options.productionMs / 5)));
    try {
      await Promise.all([...Array.from({ length: 4 }, lane), killer()]);
      while (restarts.size > 0) await Promise.all([...restarts]);
    } finally {
      clearInterval(reporter);
    }

    const lastRestart = Math.max(...slots.map((slot) => slot.startedAt));
    const produced = await count(`select count(*) as n from "${producerSchema}".outbox`);
    const drainDeadline = Math.min(lastRestart + 3 * options.drainLimitMs, startedAt + options.budgetMs - 10_000);
    while (Date.now() < drainDeadline) {
      const [done, open, unpublished] = await Promise.all([
        applied(),
        pending(),
        count(`select count(*) as n from "${producerSchema}".outbox where published_at is null`),
      ]);
      if (done === produced && open === 0 && unpublished === 0) {
        drainMs = Date.now() - lastRestart;
        break;
      }
      await sleep(100, undefined, { signal });
    }
  } catch (failure) {
    if (budget.aborted) error = `the run did not fit its ${options.budgetMs / 1000} s budget`;
    else if (options.signal?.aborted) error = 'interrupted';
    else error = failure instanceof Error ? failure.message : String(failure);
  }

  await Promise.all(slots.map((slot) => slot.stop(5_000)));

  let figures: ChaosFigures;
  try {
    const [produced, appliedCount, rows, streamEntries, deadLettered, pendingAtEnd, consumers] = await Promise.all([
      count(`select count(*) as n from "${producerSchema}".outbox`),
      count(`select count(distinct e.event_id) as n from "${consumerSchema}".effects e join "${producerSchema}".outbox o on o.id = e.event_id`),
      count(`select count(*) - count(distinct event_id) as n from "${consumerSchema}".effects`),
      redis.xlen(stream),
      redis.xlen(deadLetters),
      pending(),
      redis.call('XINFO', 'CONSUMERS', stream, CHAOS_GROUP).then((list) => (list as unknown[]).length, () => 0),
    ]);
    figures = {
      produced,
      streamEntries,
      applied: appliedCount,
      duplicates: rows,
      kills: {
        relays: slots.filter((slot) => slot.config.role === 'relay').reduce((sum, slot) => sum + slot.kills, 0),
        consumers: slots.filter((slot) => slot.config.role === 'consumer').reduce((sum, slot) => sum + slot.kills, 0),
      },
      selfExits: slots.reduce((sum, slot) => sum + slot.selfExits, 0),
      deadLetters: deadLettered,
      pendingAtEnd,
      groupConsumers: consumers,
      drainMs,
      durationMs: Date.now() - startedAt,
      load: { start: loadAtStart, end: loadavg()[0]!, cores: availableParallelism() },
    };
  } catch (failure) {
    error ??= `could not read the figures: ${String(failure)}`;
    figures = {
      produced: committed, streamEntries: 0, applied: 0, duplicates: 0, kills: { relays: 0, consumers: 0 },
      selfExits: 0, deadLetters: 0, pendingAtEnd: 0, groupConsumers: 0, drainMs, durationMs: Date.now() - startedAt,
      load: { start: loadAtStart, end: loadavg()[0]!, cores: availableParallelism() },
    };
  } finally {
    await cleanUp(producer, redis, [producerSchema, consumerSchema], prefix);
  }

  const checks = checkChaos(figures, options);
  const ok = error === null && checks.every((check) => check.ok);
  if (ok) rmSync(logDir, { recursive: true, force: true });
  return { runId, options, figures, checks, ok, error, logDir: ok ? null : logDir };
}

async function cleanUp(producer: DataSource, redis: Redis, schemas: string[], prefix: string): Promise<void> {
  try {
    if (!producer.isInitialized) await producer.initialize();
    for (const schema of schemas) await producer.query(`drop schema if exists "${schema}" cascade`);
  } catch {
    // the figures already say what went wrong; a schema left behind is named chaos_* and harmless
  } finally {
    if (producer.isInitialized) await producer.destroy();
  }
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export function checkChaos(figures: ChaosFigures, options: Pick<ChaosOptions, 'events' | 'kills' | 'drainLimitMs' | 'budgetMs'>): ChaosCheck[] {
  const { produced, applied } = figures;
  const kills = figures.kills.relays + figures.kills.consumers;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    { figure: 'produced', value: String(produced), want: String(options.events), ok: produced === options.events },
    { figure: 'applied', value: String(applied), want: String(produced), ok: applied === produced },
    { figure: 'applied / produced', value: produced ? (applied / produced).toFixed(3) : '-', want: '1.000', ok: produced > 0 && applied === produced },
    { figure: 'duplicate effects', value: String(figures.duplicates), want: '0', ok: figures.duplicates === 0 },
    {
      figure: 'kills (relays / consumers)',
      value: `${kills} (${figures.kills.relays} / ${figures.kills.consumers})`,
      want: `>= ${options.kills}, both kinds`,
      ok: kills >= options.kills && figures.kills.relays > 0 && figures.kills.consumers > 0,
    },
    { figure: 'workers that died by themselves', value: String(figures.selfExits), want: '0', ok: figures.selfExits === 0 },
    { figure: 'dead letters', value: String(figures.deadLetters), want: '0', ok: figures.deadLetters === 0 },
    { figure: 'pending at end', value: String(figures.pendingAtEnd), want: '0', ok: figures.pendingAtEnd === 0 },
    {
      figure: 'last restart to pending 0',
      value: figures.drainMs === null ? 'never' : seconds(figures.drainMs),
      want: `<= ${seconds(options.drainLimitMs)}`,
      ok: figures.drainMs !== null && figures.drainMs <= options.drainLimitMs,
    },
    { figure: 'duration', value: seconds(figures.durationMs), want: `<= ${seconds(options.budgetMs)}`, ok: figures.durationMs <= options.budgetMs },
  ];
}

export function formatChaos(result: ChaosResult): string {
  const lines = result.checks.map(
    (check) => `  ${check.figure.padEnd(32)} ${check.value.padEnd(12)} ${check.ok ? 'ok  ' : 'FAIL'}  (want ${check.want})`,
  );
  const extra = result.figures.streamEntries - result.figures.produced;
  const relayed = extra >= 0 ? `${extra} relayed twice, absorbed by the inbox` : `${-extra} never relayed`;
  lines.splice(1, 0, `  ${'stream entries'.padEnd(32)} ${String(result.figures.streamEntries).padEnd(12)}       (${relayed})`);
  lines.push(`  ${'consumer names left in the group'.padEnd(32)} ${String(result.figures.groupConsumers).padEnd(12)}       (a killed one is removed once idle for deadConsumerIdleMs)`);
  const { load } = result.figures;
  lines.push(`  ${'load average (1 min)'.padEnd(32)} ${`${load.start.toFixed(1)} -> ${load.end.toFixed(1)}`.padEnd(12)}       (${load.cores} cores; a busy machine slows the drain)`);
  if (result.error) lines.push(`  stopped early: ${result.error}`);
  lines.push(result.ok ? 'chaos: every figure holds' : `chaos: FAILED (seed ${result.options.seed}; worker logs in ${result.logDir})`);
  return lines.join('\n');
}
