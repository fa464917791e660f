// `npm run bench`: throughput and latency of the platform's hot path, measured side by side in one run on this
// machine (loopback only, each load bounded in time). Figures vary with the machine's load; the ratios are what
// to compare between runs. `npm run bench -- hunters` (or any of SECTIONS) runs only the sections named.
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hunterPagePath } from '@hunted/contracts';
import { generateInternalKeyPair, signInternalToken, IDENTITY_HEADER } from '@hunted/platform';
import { startHunted } from '../scripts/lib/hunted.mjs';
import { benchBookings, RACE_SLOTS } from './bookings.mjs';
import { describeCpuUse, withCpuUse } from './cpu-use.mjs';
import { benchBrandHunters, GO_TO_PER_HUNTER, seedBrandHunters } from './brand-hunters.mjs';
import { benchDirectoryReads, benchVotes, BRAND_COUNT, seedDirectory } from './directory.mjs';
import { benchHotPath } from './hot-path.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { benchMessaging, printMessaging } from './messaging.mjs';
import { benchHunterReads, HUNTER_COUNT, seedHunters } from './hunters.mjs';
import { describeScans } from './pg-stats.mjs';
import { benchPages } from './pages.mjs';
import { benchReviewReads, seedReviewedBrand } from './reviews.mjs';
import { signInThroughProvider } from './sign-in.mjs';

const SECTIONS = ['platform', 'hotpath', 'directory', 'reviews', 'hunters', 'brand-hunters', 'bookings', 'messaging', 'lighthouse'];
const chosen = process.argv.slice(2);
for (const name of chosen) if (!SECTIONS.includes(name)) throw new Error(`unknown section "${name}": choose from ${SECTIONS.join(', ')}`);
const runs = (section) => chosen.length === 0 || chosen.includes(section);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BENCH_GATEWAY_PORT = 8095;
// Ports of their own (gateway 8095, services 3201...), so a developer's run and the e2e system can stay up.
const BENCH_PORT_OFFSET = 200;
// The bench signs tokens itself to load identity directly, so it makes the key pair the system runs with.
const BENCH_KEYS = generateInternalKeyPair();
const IDENTITY_DIRECT_URL = `http://127.0.0.1:${3001 + BENCH_PORT_OFFSET}`;
const BRANDS_DIRECT_URL = `http://127.0.0.1:${3002 + BENCH_PORT_OFFSET}`;
// BENCH_DATABASE: another database than hunted_bench, so a branch's migrations never reach a database others bench on.
const BENCH_DATABASE = process.env.BENCH_DATABASE || 'hunted_bench';
const BENCH_DATABASE_URL = (() => {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/hunted');
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
})();

function load(url, headers, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS, pipelining: 1, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function printTable(title, rows) {
  // The machine is shared: the load average beside the figures says how much else was running.
  console.log(`\n${title} (load average ${loadavg().map((n) => n.toFixed(2)).join(', ')})\n`);
  console.table(
    rows.map((r) => ({ target: r.name, 'req/s': Math.round(r.rps), 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.failed, ...(r.bytes !== undefined ? { 'bytes/answer': r.bytes } : {}), ...(r.note ? { answer: r.note } : {}) })),
  );
}

function startBareServer(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The hunter dashboard needs a hunter: the account makes its profile once (pending review, as a new hunter's is). */
async function ensureHunterProfile(baseUrl, cookie) {
  const mine = await fetch(`${baseUrl}/api/hunter-profile`, { headers: { cookie } });
  if (mine.status === 200) return;
  const created = await fetch(`${baseUrl}/api/hunters`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Harper Lighthouse',
      location: 'France',
      specialties: ['Vintage Luxury'],
      adviceTypes: ['Personal Shopping'],
      languages: ['English'],
      yearsExperience: 6,
      bio: 'Vintage and tailoring, for the benchmark.',
      sessionTypes: {
        whatsappVoice: { enabled: false, price: 0, duration: 30 },
        whatsappVideo: { enabled: true, price: 60, duration: 60 },
        inPerson: { enabled: false, price: 0, duration: 60 },
        askQuestion: { enabled: true, price: 0, duration: 15 },
      },
    }),
  });
  if (created.status !== 201) throw new Error(`making the bench hunter's profile answered ${created.status}: ${await created.text()}`);
}

function summarise(name, result) {
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: non2xx, ...(result.cpu ? { cpu: result.cpu } : {}) };
}

/** Where each row's requests spent CPU (bench/cpu-use.mjs): steadier than the throughput on shared cores. */
function printCpuUse(rows) {
  console.log('CPU per request, µs, by process:');
  for (const row of rows) if (row.cpu) console.log(`  ${row.name}: ${describeCpuUse(row.cpu)}`);
}

const benchEnv = {
    ...process.env,
    NODE_ENV: 'test',
    INTERNAL_AUTH_PRIVATE_KEY: BENCH_KEYS.privateKey,
    INTERNAL_AUTH_PUBLIC_KEY: BENCH_KEYS.publicKey,
    OIDC_ISSUER_URL: '',
    SMTP_URL: '',
    RATE_LIMIT_READS_PER_MINUTE: '100000000', RATE_LIMIT_WRITES_PER_MINUTE: '100000000', RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_CONTACT_PER_HOUR: '100000', RATE_LIMIT_CONTACT_TOTAL_PER_HOUR: '100000',
    RATE_LIMIT_REVIEW_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_HUNTER_PHOTO_UPLOADS_PER_MINUTE: '100000',
    RATE_LIMIT_EDIT_PHOTO_UPLOADS_PER_MINUTE: '100000', RATE_LIMIT_BOOKING_PHOTO_UPLOADS_PER_MINUTE: '100000',
    RATE_LIMIT_AVATAR_UPLOADS_PER_MINUTE: '100000',
    RATE_LIMIT_BRAND_IMAGE_UPLOADS_PER_MINUTE: '100000',
    // The messaging section opens 2,000 sockets (10 tabs each of 200 members) from this one address.
    RATE_LIMIT_SOCKET_UPGRADES_PER_ADDRESS_PER_MINUTE: '100000', SOCKETS_PER_ADDRESS: '100000',
    // BENCH_CPU_PROFILE=gateway,brands: those apps profile the run (bench/profile/cpu-profile-hook.mjs).
    ...(process.env.BENCH_CPU_PROFILE
      ? {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${fileURLToPath(new URL('./profile/cpu-profile-hook.mjs', import.meta.url))}`.trim(),
          BENCH_CPU_PROFILE_DIR: process.env.BENCH_CPU_PROFILE_DIR ?? process.cwd(),
        }
      : {}),
    // The default level unless told: what logging costs is part of what a deployment gets.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // The messaging section sends 200 messages a second from 200 members: far over a member's 30 a minute.
    MESSAGE_SEND_LIMIT_PER_MINUTE: '100000',
};
const system = await startHunted({
  databaseName: BENCH_DATABASE,
  redisPrefix: process.env.BENCH_DATABASE ? `${BENCH_DATABASE}:` : 'hunted-bench:',
  gatewayPort: BENCH_GATEWAY_PORT,
  portOffset: BENCH_PORT_OFFSET,
  quiet: true,
  env: benchEnv,
});
try {
  const failedRows = [];
  let countsExact = true;

  if (runs('platform')) {
    const cookie = await signInThroughProvider(system.url, 'bench@hunted.example', 'Bench');
    const viaGatewayUrl = `${system.url}/api/auth/user`;
    const sample = await fetch(viaGatewayUrl, { headers: { cookie } });
    if (sample.status !== 200) throw new Error(`signed-in GET /api/auth/user answered ${sample.status}`);
    const user = await sample.json();
    const body = JSON.stringify(user);

    const token = await signInternalToken(
      { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin },
      BENCH_KEYS.privateKey,
      'identity',
    );
    const bare = await startBareServer(body);
    const rows = [];
    try {
      rows.push(summarise('bare Node http (same JSON)', await load(`http://127.0.0.1:${bare.address().port}/`)));
      rows.push(summarise('identity GET /health, direct (framework floor)', await load(`${IDENTITY_DIRECT_URL}/health`)));
      rows.push(summarise('identity, direct', await withCpuUse(system.apps, () => load(`${IDENTITY_DIRECT_URL}/api/auth/user`, { [IDENTITY_HEADER]: token }))));
      rows.push(summarise('gateway -> identity', await withCpuUse(system.apps, () => load(viaGatewayUrl, { cookie }))));
    } finally {
      bare.close();
    }
    failedRows.push(...rows);

    const [bareRow, floorRow, directRow, gatewayRow] = rows;
    printTable(`GET /api/auth/user, signed in — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, loopback`, rows);
    console.log(`gateway overhead: gateway achieves ${(gatewayRow.rps / directRow.rps).toFixed(2)}x the direct identity throughput`);
    console.log(`identity vs bare Node: ${(directRow.rps / bareRow.rps).toFixed(2)}x`);
    console.log(`NestJS/Fastify floor (GET /health) vs bare Node: ${(floorRow.rps / bareRow.rps).toFixed(2)}x`);
    console.log(`gateway vs bare Node: ${(gatewayRow.rps / bareRow.rps).toFixed(2)}x`);
    printCpuUse([directRow, gatewayRow]);

    // Issue 23's other signed-in row: a member reading brands (1,000 ids in turn), the gateway never caching it.
    const { detailIds } = await seedDirectory(BENCH_DATABASE_URL);
    const brandsToken = await signInternalToken(
      { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin },
      BENCH_KEYS.privateKey,
      'brands',
    );
    let next = 0;
    const inTurn = { requests: [{ setupRequest: (req) => ({ ...req, path: `/api/brands/${detailIds[next++ % detailIds.length]}` }) }] };
    const browser = { 'accept-encoding': 'br, gzip' };
    const memberRows = [
      summarise('brands, direct', await withCpuUse(system.apps, () => load(BRANDS_DIRECT_URL, { ...browser, [IDENTITY_HEADER]: brandsToken }, inTurn))),
      summarise('gateway -> brands', await withCpuUse(system.apps, () => load(system.url, { ...browser, cookie }, inTurn))),
    ];
    failedRows.push(...memberRows);
    printTable(`GET /api/brands/{id} (1,000 ids), signed in — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, memberRows);
    console.log(`gateway overhead: gateway achieves ${(memberRows[1].rps / memberRows[0].rps).toFixed(2)}x the direct brands throughput`);
    printCpuUse(memberRows);
  }

  if (runs('hotpath')) {
    const { detailIds } = await seedDirectory(BENCH_DATABASE_URL);
    const hot = await benchHotPath({ baseUrl: system.url, brandsUrl: BRANDS_DIRECT_URL, detailIds, load, summarise });
    failedRows.push(...hot.rows);
    printTable(`The hot path (issue 10), ${BRAND_COUNT.toLocaleString('en-GB')} brands, a guest — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, hot.rows);
    for (const [name, ratio] of hot.ratios) console.log(`  ${name}: ${ratio.toFixed(2)}x`);
  }

  if (runs('directory')) {
    const { detailIds } = await seedDirectory(BENCH_DATABASE_URL);
    const directory = await benchDirectoryReads({ baseUrl: system.url, databaseUrl: BENCH_DATABASE_URL, detailIds, load, summarise });
    failedRows.push(...directory.rows);
    printTable(`Brands directory through the gateway, ${BRAND_COUNT.toLocaleString('en-GB')} brands — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, directory.rows);
    console.log('\nWhat PostgreSQL used for each (index scans counted by pg_stat_user_indexes during the load):');
    for (const [name, scans] of directory.plans) console.log(`  ${name}: ${describeScans(scans)}`);
    const { firstPage, hashtags, wholeDirectory } = directory.pageBytes;
    console.log(`\n/brands before its first paint (brotli bytes as fetched): a page ${firstPage} + hashtags ${hashtags} = ${firstPage + hashtags}; before issue 23 the whole directory, twice: 2 x ${wholeDirectory}`);

    const pages = await benchPages({ baseUrl: system.url, detailIds, load, summarise });
    failedRows.push(...pages.rows);
    printTable(`Page routes through the gateway (the SPA with each page's head) — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, pages.rows);
    console.log(`brand page vs the plain index: ${pages.brandVsHome.toFixed(2)}x the home route (same code, fixed head), ${pages.brandVsIndexFile.toFixed(2)}x the index.html file`);
    console.log(`brands in turn vs the home route: ${pages.manyBrandsVsHome.toFixed(2)}x`);

    const votes = await benchVotes({ baseUrl: system.url, databaseUrl: BENCH_DATABASE_URL });
    console.log(`\n${votes.voters} members voting for one brand at once, through the gateway:`);
    console.log(`  ${votes.votesPerSecond} votes/s (all in ${votes.elapsedMs} ms), p50 ${votes.p50} ms, p99 ${votes.p99} ms, statuses ${JSON.stringify(votes.statuses)}`);
    console.log(`  the same members again at once: statuses ${JSON.stringify(votes.repeatStatuses)}`);
    const exact = votes.votes === votes.voters && votes.voteRows === votes.voters;
    console.log(`  brand's vote count ${votes.votes}, vote rows ${votes.voteRows}: ${exact ? 'exact' : 'NOT EXACT'}`);
    countsExact &&= exact && votes.statuses[201] === votes.voters && votes.repeatStatuses[409] === votes.voters;
  }

  if (runs('reviews')) {
    const reviewed = await seedReviewedBrand(BENCH_DATABASE_URL);
    const reviews = await benchReviewReads({ baseUrl: system.url, ...reviewed, load, summarise });
    failedRows.push(...reviews.rows);
    printTable(`Reviews and comments of one brand, through the gateway — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, reviews.rows);
    for (const [path, { bytes, items }] of Object.entries(reviews.sizes)) {
      console.log(`  ${path.replace(String(reviewed.brandId), '{id}')}: ${items} items in ${(bytes / 1024).toFixed(0)} KB`);
    }
    console.log(`  (the photos behind the reviews list weigh ${((reviewed.photoBytes * 1000) / 1024 / 1024).toFixed(0)} MB; the list carries their URLs)`);
    const photoRow = reviews.rows.find((row) => row.name.startsWith('GET /api/media/review-photos'));
    const photoFloorRow = reviews.rows.find((row) => row.name.startsWith('bare Node http, the same'));
    console.log(`  serving a photo through the gateway: ${(photoRow.rps / photoFloorRow.rps).toFixed(2)}x bare Node serving the same bytes`);
  }

  if (runs('hunters')) {
    await seedHunters(BENCH_DATABASE_URL);
    // The floor beside them: bare Node answering the same page's bytes, through the same load generator.
    const bare = await startBareServer(await (await fetch(`${system.url}/api/hunters?limit=24`)).text());
    const floor = summarise('bare Node http, the same first page (floor)', await load(`http://127.0.0.1:${bare.address().port}/`));
    bare.close();
    const hunters = await benchHunterReads({ baseUrl: system.url, databaseUrl: BENCH_DATABASE_URL, load, summarise });
    hunters.rows.unshift(floor);
    failedRows.push(...hunters.rows);
    printTable(`Hunter listing through the gateway, ${HUNTER_COUNT.toLocaleString('en-GB')} hunters, a guest — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, hunters.rows);
    console.log('\nWhat PostgreSQL used for each: index scans counted during the load, then the statement EXPLAINed (ANALYZE):');
    for (const [name, scans, plan] of hunters.plans) {
      console.log(`  ${name}: ${describeScans(scans)}`);
      console.log(`    planning ${plan.planning} ms, execution ${plan.execution} ms`);
      for (const line of plan.lines) console.log(`    ${line}`);
    }
  }

  if (runs('brand-hunters')) {
    // A brand page's "Hunters who know this brand" (issue 25): the directory, the hunters, then what each knows.
    await seedDirectory(BENCH_DATABASE_URL);
    await seedHunters(BENCH_DATABASE_URL);
    await seedBrandHunters(BENCH_DATABASE_URL);
    const known = await benchBrandHunters({ baseUrl: system.url, databaseUrl: BENCH_DATABASE_URL, load, summarise });
    failedRows.push(...known.rows);
    printTable(
      `Hunters who know a brand, through the gateway: ${BRAND_COUNT.toLocaleString('en-GB')} brands, ${HUNTER_COUNT.toLocaleString('en-GB')} hunters with ${GO_TO_PER_HUNTER} go-to brands each, a guest — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
      known.rows,
    );
    console.log('\nWhat PostgreSQL used for each: index scans counted during the load, then the statement EXPLAINed (ANALYZE):');
    for (const [name, scans, plan] of known.plans) {
      console.log(`  ${name}: ${describeScans(scans)}`);
      console.log(`    planning ${plan.planning} ms, execution ${plan.execution} ms`);
      for (const line of plan.lines) console.log(`    ${line}`);
    }
  }

  if (runs('bookings')) {
    const bookings = await benchBookings({ baseUrl: system.url, bookingsUrl: `http://127.0.0.1:${3005 + BENCH_PORT_OFFSET}`, databaseUrl: BENCH_DATABASE_URL, load, summarise });
    if (bookings.skipped) {
      console.log(`\nbookings: SKIPPED — ${bookings.skipped}`);
    } else {
      console.log(`\n${bookings.racers} members racing for ${bookings.raceSlots} slots of one hunter (${bookings.racers / bookings.raceSlots} for each), through the gateway to two bookings replicas:`);
      console.log(`  ${bookings.holdsPerSecond} holds asked/s (all in ${bookings.elapsedMs} ms), p50 ${bookings.p50} ms, p99 ${bookings.p99} ms, statuses ${JSON.stringify(bookings.statuses)}`);
      console.log(`  refusals: ${JSON.stringify(bookings.refusals)}`);
      console.log(`  winners: ${bookings.winners} (expected ${RACE_SLOTS}), on ${bookings.slotsWon} different slots`);
      console.log(`  then ${Object.values(bookings.fillerStatuses).reduce((a, b) => a + b, 0)} more holds on the week's other hours: statuses ${JSON.stringify(bookings.fillerStatuses)}`);
      console.log(`  overlapping active bookings of one hunter (self-join on bookings.hunter_bookings): ${bookings.overlaps} (expected 0)`);
      console.log(`  the week ${bookings.week.from}..${bookings.week.to} offered ${bookings.offeredBefore} starts before, ${bookings.offeredNow} after`);
      failedRows.push(...bookings.rows);
      printTable(`A busy hunter's week of slots (hunter ${bookings.hunterId}, 60-minute type), a guest — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`, bookings.rows);
      console.log(`  slots of a free hunter, Europe/Madrid's req/s over Europe/London's (medians, side by side): ${bookings.zoneRatio.toFixed(2)}`);
      countsExact &&= bookings.winners === RACE_SLOTS && bookings.slotsWon === RACE_SLOTS && bookings.overlaps === 0;
    }
  }

  if (runs('lighthouse')) {
    const { detailIds } = await seedDirectory(BENCH_DATABASE_URL);
    await seedHunters(BENCH_DATABASE_URL);
    const [hunter] = await (await fetch(`${system.url}/api/hunters?limit=1`)).json();
    const member = await signInThroughProvider(system.url, 'lighthouse-member@hunted.example', 'Morgan');
    const hunterCookie = await signInThroughProvider(system.url, 'lighthouse-hunter@hunted.example', 'Harper');
    await ensureHunterProfile(system.url, hunterCookie);
    const rows = await benchLighthouse({
      baseUrl: system.url,
      pages: [
        '/',
        '/today',
        '/brands',
        `/brand/${detailIds[0]}`,
        '/book-a-hunter',
        hunterPagePath(hunter),
        '/faq',
        '/contact',
        '/terms',
        '/hunter-terms',
        '/privacy',
        '/cookies',
        { path: `/book-session/${hunter.id}`, who: 'member', cookie: member },
        { path: '/my-bookings', who: 'member', cookie: member },
        { path: '/messages', who: 'member', cookie: member },
        { path: '/hunter-dashboard', who: 'hunter', cookie: hunterCookie },
      ],
    });
    printLighthouse(rows);
  }

  if (runs('messaging')) {
    // Messaging's replicas listen on its port + 10 per replica (scripts/lib/apps.mjs), here shifted like every app.
    const messagingPort = 3006 + BENCH_PORT_OFFSET;
    const two = await benchMessaging({
      baseUrl: system.url,
      databaseUrl: BENCH_DATABASE_URL,
      label: 'two replicas',
      messagingPorts: [messagingPort, messagingPort + 10],
      gatewayPort: BENCH_GATEWAY_PORT,
    });
    printMessaging(two);
    // The same on a second system with one messaging replica (its own database, Redis prefix and ports).
    // +200, not +100: the 3300s hold MariaDB's 3306 on these machines.
    const oneOffset = BENCH_PORT_OFFSET + 200;
    const single = await startHunted({
      databaseName: 'hunted_bench_one',
      redisPrefix: 'hunted-bench-one:',
      gatewayPort: BENCH_GATEWAY_PORT + 1,
      portOffset: oneOffset,
      quiet: true,
      env: { ...benchEnv, MESSAGING_REPLICAS: '1' },
    });
    try {
      const one = await benchMessaging({
        baseUrl: single.url,
        databaseUrl: BENCH_DATABASE_URL.replace(/\/hunted_bench$/, '/hunted_bench_one'),
        label: 'one replica',
        messagingPorts: [3006 + oneOffset],
        gatewayPort: BENCH_GATEWAY_PORT + 1,
      });
      printMessaging(one);
      countsExact &&= one.lost === 0 && Object.keys(one.failures).length === 0;
    } finally {
      await single.stop();
    }
    countsExact &&= two.lost === 0 && Object.keys(two.failures).length === 0;
  }

  if (failedRows.some((r) => r.failed > 0) || !countsExact) {
    console.error('some requests failed or a count is wrong; the figures above are not trustworthy');
    process.exitCode = 1;
  }
} finally {
  await system.stop();
}
