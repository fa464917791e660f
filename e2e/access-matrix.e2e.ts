import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { MODERATION_OWNERS, REPORTABLE_KINDS } from '@hunted/contracts';
import { matchRoute } from '../gateway/dist/routes.js';
import { CROSS_SITE_MESSAGE } from '../gateway/dist/security/csrf.js';
import { ACCESS_MATRIX, AWAITING, type MatrixRow } from './access/access-matrix.js';
import { discoverRoutes, type DiscoveredRoute } from './access/discovered-routes.js';
import { moveMatrixClock } from './access/matrix-clock.js';
import {
  CALL_ORDER,
  createFixtures,
  disposeFixtures,
  ORIGIN_HEADER,
  type Fixtures,
  type Persona,
} from './access/personas.js';
import { E2E_GATEWAY_PORT } from './support/system.js';

/**
 * The proof that nobody reads or changes what is not theirs: every route of every service and of the gateway,
 * called as a guest, a member, another member, a hunter, another hunter and an admin, answered as the matrix
 * (access/access-matrix.ts) says. A route without a row, or a row without a route, fails the first test.
 */

test.describe.configure({ mode: 'serial' });

/** A path a service's route would be called at: each parameter filled with a plausible value. */
const samplePath = (template: string): string => template.replace(/:\w+\??/g, '1').replace('/*', '/anything');

/**
 * The paths a service's route is reached at through the gateway. The moderation kit's routes (decision 0101) take
 * the kind as their first parameter, and the gateway sends each kind to the service that owns it: such a route is
 * checked at every kind its service owns, and at none other.
 */
function servicePaths(route: DiscoveredRoute): string[] {
  if (!route.path.includes('/:kind')) return [samplePath(route.path)];
  const kinds = REPORTABLE_KINDS.filter((kind) => MODERATION_OWNERS[kind] === route.owner);
  expect(kinds, `${route.owner} serves ${route.key} but owns no kind of item`).not.toEqual([]);
  return kinds.map((kind) => samplePath(route.path.replace('/:kind', `/${kind}`)));
}

/** Service routes never proxied: their health (the gateway answers its own) and their internal endpoints. */
const notProxied = (path: string): boolean =>
  path === '/health' || path.startsWith('/health/') || path.startsWith('/internal/');

test('every route has a row, every row a route, and each route is owned by the service routes.ts names', async () => {
  const discovered = await discoverRoutes();
  const routeKeys = new Set(discovered.map((route) => route.key));
  const rowKeys = new Set(ACCESS_MATRIX.map((row) => row.route));
  expect(
    [...routeKeys].filter((key) => !rowKeys.has(key)),
    'routes without a row in access-matrix.ts',
  ).toEqual([]);
  expect(
    [...rowKeys].filter((key) => !routeKeys.has(key)),
    'rows naming no route',
  ).toEqual([]);

  const misrouted = discovered
    .filter((route) => route.owner !== 'gateway' && !notProxied(route.path))
    .flatMap((route) => servicePaths(route).map((path) => ({ route, path })))
    .filter(({ route, path }) => matchRoute(path)?.service !== route.owner)
    .map(
      ({ route, path }) => `${route.owner}: ${route.key} at ${path} goes to ${matchRoute(path)?.service ?? 'nobody'}`,
    );
  expect(misrouted, "services' routes the gateway sends elsewhere").toEqual([]);
  // A service's health and internal endpoints are for its own port only: no rule may proxy them.
  const exposed = discovered
    .filter((route) => route.owner !== 'gateway' && notProxied(route.path))
    .filter((route) => matchRoute(samplePath(route.path)) !== null)
    .map((route) => `${route.owner}: ${route.key}`);
  expect(exposed, 'internal routes the gateway would proxy').toEqual([]);
  // The gateway's own routes are its own: no row of routes.ts sends them to a service.
  const shadowed = discovered
    .filter((route) => route.owner === 'gateway' && route.method !== 'UPGRADE' && route.path !== '/internal/*')
    .filter(
      (route) => matchRoute(samplePath(route.path)) !== null && !matchRoute(samplePath(route.path))?.answeredByGateway,
    )
    .map((route) => route.key);
  expect(shadowed, "gateway routes a service's rule would take").toEqual([]);
});

/** The status of a websocket upgrade as the persona's browser would ask for it (101 when it is accepted). */
async function upgradeStatus(context: APIRequestContext, url: string): Promise<{ status: number; text: string }> {
  const cookie = (await context.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: E2E_GATEWAY_PORT,
      path: url,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        host: `localhost:${E2E_GATEWAY_PORT}`,
        ...ORIGIN_HEADER,
        ...(cookie ? { cookie } : {}),
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, text: '' });
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`upgrade of ${url} timed out`)));
    request.end();
  });
}

async function call(row: MatrixRow, f: Fixtures, as: Persona): Promise<{ status: number; text: string }> {
  const url = row.url(f, as);
  const context = f.as[as];
  if (row.route.startsWith('UPGRADE ')) return upgradeStatus(context, url);
  const method = row.route.split(' ')[0]!;
  const unsafe = method !== 'GET';
  const response = await context.fetch(url, {
    method,
    maxRedirects: 0,
    headers: { ...(unsafe ? ORIGIN_HEADER : {}), ...row.headers },
    ...(row.body ? { data: row.body(f, as) } : {}),
    ...(row.multipart ? { multipart: row.multipart(f, as) } : {}),
  });
  return { status: response.status(), text: await response.text() };
}

let fixtures: Fixtures | undefined;
test.afterAll(async () => {
  // The fixtures moved every service's clock past their held sessions (access/real-objects.ts); later journeys run
  // on the real one.
  await moveMatrixClock(0);
  await disposeFixtures(fixtures);
});

/** An answer as `sees` reads it: JSON parsed; a page's HTML or a CSV export as its text. */
const answerOf = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

test('every persona is answered as the access matrix says', async () => {
  // The fixtures wait for events (held sessions reaching reviews, hunters and brands) before the rows run.
  test.setTimeout(300_000);
  const started = Date.now();
  fixtures = await createFixtures();
  const f = fixtures;
  const madeIn = Date.now() - started;

  const wrong: string[] = [];
  const awaited: string[] = [];
  const delivered: string[] = [];
  const ordered = [...ACCESS_MATRIX.filter((row) => !row.last), ...ACCESS_MATRIX.filter((row) => row.last)];
  let calls = 0;
  for (const row of ordered) {
    for (const as of CALL_ORDER) {
      const expected = row.expect[as];
      const { status, text } = await call(row, f, as);
      calls++;
      const cell = `${row.route}${row.case ? ` [${row.case}]` : ''} ${as}`;
      const line = `${cell} (${row.url(f, as)}): expected ${expected}, got ${status} ${text.slice(0, 160)}`;
      const waiting = AWAITING[cell];
      if (status !== expected) {
        (waiting ? awaited : wrong).push(waiting ? `${line} [awaiting ${waiting}]` : line);
        continue;
      }
      if (waiting) delivered.push(`${cell}: now answers ${status}; remove it from AWAITING`);
      if (row.sees && status < 300) {
        try {
          row.sees(answerOf(text), as, f);
        } catch (error) {
          wrong.push(`${cell}: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    }
  }
  const summary = `${ordered.length} rows, ${calls} calls; fixtures ${madeIn} ms, all ${Date.now() - started} ms`;
  test.info().annotations.push({ type: 'matrix', description: summary });
  for (const line of awaited) test.info().annotations.push({ type: 'awaiting', description: line });
  console.log(
    `access matrix: ${summary}${awaited.length ? `\nawaiting another change of issue 19:\n${awaited.join('\n')}` : ''}`,
  );
  expect(wrong, 'answers the matrix does not allow').toEqual([]);
  expect(delivered, 'cells delivered since they were marked awaiting').toEqual([]);
});

/** A cross-site write as a browser would send it: the attacker's Origin, or no Origin but Fetch Metadata saying so. */
const CROSS_SITE_CALLS = {
  'a cross-site Origin': { origin: 'https://evil.example' },
  'no Origin (a browser marking it cross-site)': { 'sec-fetch-site': 'cross-site' },
} as const;

/**
 * CSRF, generated from the discovered routes (a new route gets its rows without anyone writing them): every unsafe
 * route a service answers behind the gateway is called by a signed-in member with the attacker's Origin and with no
 * Origin but `Sec-Fetch-Site: cross-site`, and each is refused with 403 before the service hears of it
 * (gateway/src/security/csrf.ts `isCrossSiteWrite`, applied in gateway/src/proxy/edge-proxy.ts). A request with
 * neither header is not a browser carrying someone's cookie and passes by that rule; it is every other row of the
 * matrix. The routes the gateway exempts (Stripe's signed webhooks, `csrfExempt` in gateway/src/routes.ts) are
 * named and left to their signature rows.
 */
test('every unsafe route refuses a cross-site write, with or without an Origin', async () => {
  // The matrix test above signs the personas in; without them this test has nothing to send, which is a failure.
  const f = fixtures;
  expect(f, 'the signed-in personas the matrix test above makes').toBeDefined();
  const unsafe = (await discoverRoutes()).filter(
    (route) =>
      route.owner !== 'gateway' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !notProxied(route.path),
  );
  const exempt = unsafe
    .filter((route) => servicePaths(route).some((path) => matchRoute(path)?.csrfExempt))
    .map((route) => route.key);
  expect(exempt.sort(), 'routes exempt from the CSRF rule (signed instead)').toEqual([
    'POST /api/stripe/connect-webhook',
    'POST /api/stripe/webhook',
  ]);
  const wrong: string[] = [];
  let calls = 0;
  for (const route of unsafe.filter((candidate) => !exempt.includes(candidate.key))) {
    for (const path of servicePaths(route)) {
      for (const [label, headers] of Object.entries(CROSS_SITE_CALLS)) {
        for (const as of ['guest', 'member'] as const) {
          const response = await f!.as[as].fetch(path, { method: route.method, headers, data: {}, maxRedirects: 0 });
          calls++;
          const text = await response.text();
          if (response.status() !== 403 || !text.includes(CROSS_SITE_MESSAGE)) {
            wrong.push(
              `${route.key} at ${path} [${label}] ${as}: expected 403 ${CROSS_SITE_MESSAGE}, got ${response.status()} ${text.slice(0, 120)}`,
            );
          }
        }
      }
    }
  }
  test
    .info()
    .annotations.push({ type: 'csrf', description: `${unsafe.length - exempt.length} unsafe routes, ${calls} calls` });
  expect(wrong, 'cross-site writes the gateway let through').toEqual([]);
});
