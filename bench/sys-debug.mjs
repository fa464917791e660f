import { startHunted } from '/work/main/scripts/lib/hunted.mjs';
import { generateInternalKeyPair } from '@hunted/platform';
const keys = generateInternalKeyPair();
const system = await startHunted({ databaseName: 'hunted_bench', redisPrefix: 'hunted-bench:', gatewayPort: 8095, portOffset: 200, quiet: true,
  env: { ...process.env, NODE_ENV: 'test', INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey, INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey, OIDC_ISSUER_URL: '', SMTP_URL: '', RATE_LIMIT_READS_PER_MINUTE: '100000000', RATE_LIMIT_WRITES_PER_MINUTE: '100000000', RATE_LIMIT_LOGIN_PER_MINUTE: '100000' } });
console.log('UP', system.url);
process.on('SIGTERM', async () => { await system.stop?.(); process.exit(0); });
setInterval(() => {}, 1 << 30);
