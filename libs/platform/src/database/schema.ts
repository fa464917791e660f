import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** The PostgreSQL side of what ensureSchema needs: a client or a pool. */
type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Creates the service's schema when it is missing. Checked first and created only when absent, because in a
 * deployment the service's role owns its schema but may not create schemas in the database. Given a URL it opens
 * (and closes) a connection of its own; PlatformModule passes its migration-lock connection instead.
 */
export async function ensureSchema(db: string | Queryable, schema: string): Promise<void> {
  if (typeof db === 'string') {
    const client = new pg.Client({ connectionString: db });
    await client.connect();
    try {
      return await ensureSchema(client, schema);
    } finally {
      await client.end();
    }
  }
  const { rowCount } = await db.query('select 1 from pg_namespace where nspname = $1', [schema]);
  if (!rowCount) await db.query(`create schema if not exists "${schema}"`);
}

/** Connection options that pin every session of the pool to the service's own schema. */
export function schemaConnectionOptions(schema: string) {
  return { options: `-c search_path="${schema}"` };
}

/**
 * The advisory-lock key of a schema's migrations: a 64-bit hash of a name of our own, so it cannot meet a lock
 * some other code takes on a small number. Computed by PostgreSQL, so every instance agrees whatever it runs on.
 */
const LOCK_KEY_SQL = `hashtextextended('hunted:migrations:' || $1::text, 0)`;

export interface MigrationLockLog {
  /** Told once when another instance holds the lock, before waiting for it. */
  waiting(schema: string): void;
}

/**
 * Runs `work` while holding the session-level advisory lock of `schema`, on one connection of its own that lives
 * exactly as long as the work: several instances of a service starting at once (a rollout, `replicas: 4`) take
 * turns, so the schema is created once and each migration runs once. The lock is released when the work ends,
 * failed or not; if the process dies instead, PostgreSQL ends its session and releases the lock with it.
 */
export async function withMigrationLock<T>(
  databaseUrl: string,
  schema: string,
  work: (lockConnection: pg.Client) => Promise<T>,
  log?: MigrationLockLog,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: `hunted-migrations:${schema}` });
  // A dropped lock connection surfaces as a failed query below; without a listener it would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY_SQL}) as locked`, [
      schema,
    ]);
    if (!tried.rows[0]?.locked) {
      log?.waiting(schema);
      await client.query(`select pg_advisory_lock(${LOCK_KEY_SQL})`, [schema]);
    }
    try {
      return await work(client);
    } finally {
      await client.query(`select pg_advisory_unlock(${LOCK_KEY_SQL})`, [schema]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates the schema and initialises a TypeORM data source with its pending migrations run, all under the
 * schema's migration lock. TypeORM's own `migrationsRun` cannot take the lock, so migrations are run here and
 * `migrationsRun` must be off in `options`.
 */
export async function openMigratedDataSource(
  databaseUrl: string,
  schema: string,
  options: DataSourceOptions,
  log?: MigrationLockLog,
): Promise<DataSource> {
  return withMigrationLock(
    databaseUrl,
    schema,
    async (lockConnection) => {
      await ensureSchema(lockConnection, schema);
      // Migrations run on one connection of their own without the pool's statement and idle-in-transaction limits
      // (an index built over a large table may rightly take longer than any request should).
      const migrator = new DataSource({
        ...options,
        migrationsRun: false,
        extra: {
          ...(options.extra as object),
          max: 1,
          statement_timeout: undefined,
          idle_in_transaction_session_timeout: undefined,
        },
      } as DataSourceOptions);
      await migrator.initialize();
      try {
        await migrator.runMigrations({ transaction: options.migrationsTransactionMode ?? 'each' });
      } finally {
        await migrator.destroy().catch(() => undefined);
      }
      const dataSource = new DataSource({ ...options, migrationsRun: false });
      await dataSource.initialize();
      guardPooledClients(dataSource);
      return dataSource;
    },
    log,
  );
}

/**
 * Gives every pooled connection an 'error' listener of its own. pg-pool takes its listener off a client while it is
 * lent out and TypeORM adds its own a moment later (and takes it off before the pool drops a broken client): a
 * session the server ends inside such a gap (a failover, `pg_terminate_backend`) would otherwise be an uncaught
 * 'error' that kills the process. The query that was running still fails, and the pool still drops the client.
 */
function guardPooledClients(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: pg.Pool & { _clients?: pg.PoolClient[] } }).master;
  if (!pool) return;
  const guard = (client: pg.PoolClient) => client.on('error', () => undefined);
  for (const client of pool._clients ?? []) guard(client);
  pool.on('connect', guard);
}
