// `npm run bench`: throughput and latency of the platform's hot path, measured side by side in one run on this
// machine (loopback only, each load bounded in time). Figures vary with the machine's load; the ratios are what
// to compare between runs.
import http from 'node:http';
import autocannon from 'autocannon';
import { signInternalToken, IDENTITY_HEADER } from '@hunted/platform';
import { startHunted } from '../scripts/lib/hunted.mjs';
import { signInThroughProvider } from './sign-in.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BENCH_GATEWAY_PORT = 8095;
// Ports of their own (gateway 8095, services 3201...), so a developer's run and the e2e system can stay up.
const BENCH_PORT_OFFSET = 200;
// The bench signs tokens itself to load identity directly, so it chooses the secret the system runs with.
const INTERNAL_AUTH_SECRET = 'bench-only-internal-auth-secret-0123456789';
const IDENTITY_DIRECT_URL = `http://127.0.0.1:${3001 + BENCH_PORT_OFFSET}`;

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function startBareServer(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function summarise(name, result) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: non2xx };
}

const system = await startHunted({
  databaseName: 'hunted_bench',
  redisPrefix: 'hunted-bench:',
  gatewayPort: BENCH_GATEWAY_PORT,
  portOffset: BENCH_PORT_OFFSET,
  quiet: true,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    INTERNAL_AUTH_SECRET,
    OIDC_ISSUER_URL: '',
    SMTP_URL: '',
    RATE_LIMIT_READS_PER_MINUTE: '100000000', RATE_LIMIT_WRITES_PER_MINUTE: '100000000', RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  },
});
try {
  const cookie = await signInThroughProvider(system.url, 'bench@hunted.example', 'Bench');
  const viaGatewayUrl = `${system.url}/api/auth/user`;
  const sample = await fetch(viaGatewayUrl, { headers: { cookie } });
  if (sample.status !== 200) throw new Error(`signed-in GET /api/auth/user answered ${sample.status}`);
  const user = await sample.json();
  const body = JSON.stringify(user);

  const token = await signInternalToken(
    { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin },
    INTERNAL_AUTH_SECRET,
  );
  const bare = await startBareServer(body);
  const rows = [];
  try {
    rows.push(summarise('bare Node http (same JSON)', await load(`http://127.0.0.1:${bare.address().port}/`)));
    rows.push(summarise('identity GET /health, direct (framework floor)', await load(`${IDENTITY_DIRECT_URL}/health`)));
    rows.push(summarise('identity, direct', await load(`${IDENTITY_DIRECT_URL}/api/auth/user`, { [IDENTITY_HEADER]: token })));
    rows.push(summarise('gateway -> identity', await load(viaGatewayUrl, { cookie })));
  } finally {
    bare.close();
  }

  const [bareRow, floorRow, directRow, gatewayRow] = rows;
  console.log(`\nGET /api/auth/user, signed in — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, loopback\n`);
  console.table(rows.map((r) => ({ target: r.name, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.failed })));
  console.log(`gateway overhead: gateway achieves ${(gatewayRow.rps / directRow.rps).toFixed(2)}x the direct identity throughput`);
  console.log(`identity vs bare Node: ${(directRow.rps / bareRow.rps).toFixed(2)}x`);
  console.log(`NestJS/Fastify floor (GET /health) vs bare Node: ${(floorRow.rps / bareRow.rps).toFixed(2)}x`);
  console.log(`gateway vs bare Node: ${(gatewayRow.rps / bareRow.rps).toFixed(2)}x`);
  if (rows.some((r) => r.failed > 0)) {
    console.error('some requests failed; the figures above are not trustworthy');
    process.exitCode = 1;
  }
} finally {
  await system.stop();
}
