import { startHunted } from '../../scripts/lib/hunted.mjs';
import { E2E_GATEWAY_PORT } from './system.js';

/**
 * Starts the whole built system once for every journey: its own database and Redis prefix (a developer's data
 * is never touched), ports shifted by 100 so a normal run can stay up, and rate limits raised because every
 * journey comes from one client address.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const system = await startHunted({
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      // The journeys must not depend on anything a developer's shell points at.
      OIDC_ISSUER_URL: '',
      SMTP_URL: '',
    },
    databaseName: 'hunted_e2e',
    redisPrefix: 'hunted-e2e:',
    gatewayPort: E2E_GATEWAY_PORT,
    portOffset: 100,
    quiet: true,
  });
  return () => system.stop();
}
