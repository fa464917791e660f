import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ROOT_DIR } from './apps.mjs';

const CONNECT_TIMEOUT_MS = 3_000;
const SERVICE_ROLES_SQL = path.join(ROOT_DIR, 'infra/postgres/service-roles.sql');

/** A problem the person starting Hunted can fix; start.mjs prints its message without a stack trace. */
export class StartError extends Error {}

/** The URL with its password hidden, for messages. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url, databaseName) {
  const parsed = new URL(url);
  parsed.pathname = `/${databaseName}`;
  return parsed.toString();
}

export function databaseNameOf(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** The URL a service connects with: same server and database, the service's own role. */
export function serviceDatabaseUrl(adminUrl, service, env) {
  const parsed = new URL(adminUrl);
  parsed.username = `hunted_${service}`;
  parsed.password = servicePassword(service, env);
  return parsed.toString();
}

function servicePassword(service, env) {
  return env[`${service.toUpperCase()}_DB_PASSWORD`] || `hunted_${service}`;
}

function unreachablePostgres(url, error) {
  // 28xxx: the server answered but refused these credentials.
  if (String(error.code).startsWith('28')) {
    return new StartError(
      `PostgreSQL at ${redactUrl(url)} refused the connection (${error.message}).\n` +
        'Set DATABASE_URL to an administrator who may create databases, roles and schemas, e.g. postgres://postgres:<password>@127.0.0.1:5432/hunted.',
    );
  }
  return new StartError(
    `PostgreSQL is not reachable at ${redactUrl(url)} (${error.message || error.code}).\n` +
      'Start PostgreSQL (sudo service postgresql start, or: docker compose up -d postgres redis) or set DATABASE_URL.',
  );
}

async function connect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A server that goes away later reports on the client; without a listener that would crash the starter.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Checks PostgreSQL answers and creates the database when it is missing. The URL is an administrator's: it
 * must be allowed to create the database, roles and schemas.
 */
export async function ensureDatabase(adminUrl) {
  let client;
  try {
    client = await connect(adminUrl);
    await client.query('select 1');
    return;
  } catch (error) {
    // 3D000: the database does not exist yet; everything else means the server itself is the problem.
    if (error.code !== '3D000') throw unreachablePostgres(adminUrl, error);
  } finally {
    await client?.end().catch(() => {});
  }

  const name = databaseNameOf(adminUrl);
  const maintenance = await connect(withDatabase(adminUrl, 'postgres')).catch((error) => {
    throw unreachablePostgres(adminUrl, error);
  });
  try {
    await maintenance.query(`create database ${pg.escapeIdentifier(name)}`).catch((error) => {
      // 42P04: created meanwhile by someone else, which is what we wanted.
      if (error.code !== '42P04') throw error;
    });
  } finally {
    await maintenance.end().catch(() => {});
  }
}

/**
 * Gives each service its role and schema by running infra/postgres/service-roles.sql, the same file the
 * PostgreSQL container runs at first start, with the passwords from `<SERVICE>_DB_PASSWORD` when set.
 */
export async function ensureServiceRoles(adminUrl, services, env) {
  const sql = await readFile(SERVICE_ROLES_SQL, 'utf8');
  const client = await connect(adminUrl).catch((error) => {
    throw unreachablePostgres(adminUrl, error);
  });
  try {
    for (const { name } of services) {
      await client.query('select set_config($1, $2, false)', [`hunted.${name}_password`, servicePassword(name, env)]);
    }
    await client.query(sql).catch((error) => {
      throw new StartError(
        `Could not create the services' roles and schemas as ${redactUrl(adminUrl)}: ${error.message}`,
      );
    });
    const { rows } = await client.query(
      `select nspname from pg_namespace n join pg_roles r on r.oid = n.nspowner where r.rolname = 'hunted_' || n.nspname`,
    );
    const ready = new Set(rows.map((row) => row.nspname));
    const missing = services.filter(({ name }) => !ready.has(name)).map(({ name }) => name);
    if (missing.length) {
      throw new StartError(`No role/schema for ${missing.join(', ')}: add it to the list in ${SERVICE_ROLES_SQL}.`);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Checks Redis answers PING, without the client's usual endless reconnecting. */
export async function checkRedis(url) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis rejects with a bare "Connection is closed."; the socket's own error says why.
  let socketError;
  redis.on('error', (error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new StartError(
      `Redis is not reachable at ${redactUrl(url)} (${(socketError ?? error).message}).\n` +
        'Start Redis (sudo service redis-server start, or: docker compose up -d postgres redis) or set REDIS_URL.',
    );
  } finally {
    redis.disconnect();
  }
}
