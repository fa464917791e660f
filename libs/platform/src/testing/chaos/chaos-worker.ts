/**
 * One relay or consumer of a chaos run, as its own OS process so the driver can SIGKILL it at any moment.
 * Started by runChaos() with CHAOS_WORKER (a ChaosWorkerConfig as JSON) and an IPC channel; it says 'ready'
 * once its loop runs, stops cleanly on SIGTERM, and exits when the driver goes away.
 */
import 'reflect-metadata';
import type { IntegrationEvent } from '@hunted/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { schemaConnectionOptions } from '../../database/schema.js';
import { EventConsumer } from '../../events/event-consumer.js';
import { eventEntities } from '../../events/event-entities.js';
import type { EventHandler } from '../../events/event-handler.js';
import { OutboxRelay } from '../../events/outbox-relay.js';
import {
  CHAOS_CONSUMER_OPTIONS,
  CHAOS_EVENT_TYPE,
  CHAOS_GROUP,
  CHAOS_PRODUCER,
  CHAOS_RELAY_OPTIONS,
  type ChaosWorkerConfig,
} from './chaos-setup.js';

/** The effect of an event: one row per application, so a second application would show as a duplicate. */
class EffectWriter implements EventHandler<typeof CHAOS_EVENT_TYPE> {
  readonly type = CHAOS_EVENT_TYPE;
  constructor(private readonly schema: string, private readonly label: string) {}

  async handle(event: IntegrationEvent<typeof CHAOS_EVENT_TYPE>, manager: EntityManager): Promise<void> {
    await manager.query(`insert into "${this.schema}".effects (event_id, consumer) values ($1, $2)`, [event.id, this.label]);
  }
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.CHAOS_WORKER ?? 'null') as ChaosWorkerConfig | null;
  if (!config) throw new Error('CHAOS_WORKER is not set: this process is started by runChaos()');
  // Without the driver nobody would ever stop this process.
  process.on('disconnect', () => process.exit(1));

  const dataSource = new DataSource({
    type: 'postgres',
    url: config.databaseUrl,
    schema: config.schema,
    entities: eventEntities,
    extra: { ...schemaConnectionOptions(config.schema), max: 3, application_name: `hunted-chaos-${config.label}` },
  });
  await dataSource.initialize();
  const redisTarget = { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix };
  const worker =
    config.role === 'relay'
      ? new OutboxRelay(dataSource, { service: CHAOS_PRODUCER, ...redisTarget }, CHAOS_RELAY_OPTIONS)
      : new EventConsumer(dataSource, { service: CHAOS_GROUP, ...redisTarget }, [new EffectWriter(config.schema, config.label)], CHAOS_CONSUMER_OPTIONS);
  worker.start();
  console.log(`${new Date().toISOString()} ${config.label} pid ${process.pid} running ${Math.round(process.uptime() * 1000)} ms after its start`);
  process.send?.('ready');

  process.once('SIGTERM', () => {
    void worker
      .stop()
      .then(() => dataSource.destroy())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
