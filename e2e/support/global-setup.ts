import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startHunted } from '../../scripts/lib/hunted.mjs';
import { E2E_GATEWAY_PORT, E2E_REDIS_PREFIX } from './system.js';

const DATABASE = 'hunted_e2e';
const REDIS_PREFIX = E2E_REDIS_PREFIX;

/** Every run starts from an empty database and Redis prefix, so journeys can count what they see. */
async function startClean(): Promise<void> {
  const admin = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hunted');
  admin.pathname = '/postgres';
  const db = new pg.Client({ connectionString: admin.toString() });
  await db.connect();
  try {
    await db.query(`drop database if exists ${DATABASE} with (force)`);
  } finally {
    await db.end();
  }
  const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the whole built system once for every journey: its own database and Redis prefix (a developer's data
 * is never touched), ports shifted by 100 so a normal run can stay up, and rate limits raised because every
 * journey comes from one client address.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await startClean();
  // The accessibility fixture's claims (one file per route × role checked): the run's own, seen by every worker.
  process.env.E2E_AXE_CLAIMS = mkdtempSync(join(tmpdir(), 'hunted-axe-'));
  const system = await startHunted({
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      RATE_LIMIT_CONTACT_PER_HOUR: '100000',
      RATE_LIMIT_CONTACT_TOTAL_PER_HOUR: '100000',
      // The access matrix writes each upload route for every persona within a minute.
      RATE_LIMIT_REVIEW_UPLOADS_PER_MINUTE: '100000',
      RATE_LIMIT_HUNTER_PHOTO_UPLOADS_PER_MINUTE: '100000',
      RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE: '100000',
      RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE: '100000',
      RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: '100000',
      RATE_LIMIT_BRAND_IMAGE_UPLOADS_PER_MINUTE: '100000',
      // Every journey's sockets come from this one address too.
      RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: '100000',
      SOCKETS_PER_ADDRESS: '100000',
      // The journeys must not depend on anything a developer's shell points at.
      OIDC_ISSUER_URL: '',
      SMTP_URL: '',
      DEMO_DATA: 'off',
      // A journey moves every service's clock of session rules forward instead of waiting for a session to end.
      TEST_CLOCK: 'on',
    },
    databaseName: DATABASE,
    redisPrefix: REDIS_PREFIX,
    gatewayPort: E2E_GATEWAY_PORT,
    portOffset: 100,
    quiet: true,
  });
  return () => system.stop();
}
