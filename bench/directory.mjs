// The brands directory under load, through the gateway: list/today/detail reads on 100,000 brands, and 200
// members voting for one brand at once. Which indexes served each read is read off PostgreSQL's own counters
// around each load (pg-stats.mjs).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { indexScans, scanDelta, settleStats } from './pg-stats.mjs';
import { signInThroughProvider } from './sign-in.mjs';

export const BRAND_COUNT = Number(process.env.BENCH_BRANDS ?? 100_000);
const VOTERS = Number(process.env.BENCH_VOTERS ?? 200);

const CATEGORIES = ['Clothing', 'Dresses', 'Shoes', 'Bags', 'Accessories', 'Beauty', 'Home', 'Food & Beverages', 'Arts & Crafts', 'Jewellery', 'Preowned', 'Swimwear'];
const COUNTRIES = ['UK', 'France', 'Italy', 'Spain', 'Sweden', 'Greece', 'Denmark'];
const DELIVERY = ['Local Only', 'Europe Wide', 'International'];
const PRICES = ['£', '££', '£££', '££££'];
const TAGS = ['Sustainable Packaging', 'LGBTQ+ Friendly', 'Happy Staff', 'Independent Brand', 'Handmade', 'Locally Made', 'Ethical Supply Chain', 'Gives Back', 'Animal Friendly', 'Skilled Artisan', 'Hunted Luxe'];

const sqlArray = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * Fills the bench database's brands schema with BRAND_COUNT brands (kept between runs when already there) and
 * 20,000 votes spread over today and yesterday (London), keeping votes, rows and daily counters consistent.
 */
export async function seedDirectory(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('set search_path = brands');
    const { rows } = await db.query(`select count(*)::int as n from brands where name like 'Bench Brand %'`);
    if (rows[0].n !== BRAND_COUNT) {
      await db.query('truncate brands restart identity cascade');
      await db.query(`
        insert into brands (name, description, category, location, delivery, image_url, website_url, rating,
                            rating_count, tags, hashtags, price_category, created_at)
        select 'Bench Brand ' || i,
               'A generated brand number ' || i || ' for the benchmark, with handmade goods and a small studio.',
               (${sqlArray(CATEGORIES)})[1 + i % ${CATEGORIES.length}],
               (${sqlArray(COUNTRIES)})[1 + (i / 3) % ${COUNTRIES.length}],
               (${sqlArray(DELIVERY)})[1 + (i / 7) % ${DELIVERY.length}],
               '/brand-placeholder.svg',
               'https://brand-' || i || '.example',
               round((random() * 5)::numeric, 3),
               (random() * 200)::int,
               array[(${sqlArray(TAGS)})[1 + i % ${TAGS.length}], (${sqlArray(TAGS)})[1 + (i / 11) % ${TAGS.length}]],
               array['#bench' || (i % 500), '#studio'],
               (${sqlArray(PRICES)})[1 + (i / 5) % ${PRICES.length}],
               now() - (i || ' minutes')::interval
        from generate_series(1, ${BRAND_COUNT}) as i`);
      // Votes by distinct users so the 24-hour rule holds; a third of them yesterday (London).
      await db.query(`
        insert into votes (brand_id, user_id, ip_address, created_at, window_end)
        select 1 + (random() * (${BRAND_COUNT} - 1))::int, 'bench-voter-' || v, '127.0.0.1', t, t + interval '24 hours'
        from (select v, now() - (case when v % 3 = 0 then interval '26 hours' else interval '1 minute' end)
                                 * random() as t
              from generate_series(1, 20000) as v) as generated`);
      await db.query(`update brands b set votes = c.n from (select brand_id, count(*)::int as n from votes group by 1) c
                      where b.id = c.brand_id`);
      await db.query(`insert into brand_daily_votes (brand_id, day, votes)
                      select brand_id, (created_at at time zone 'Europe/London')::date, count(*) from votes group by 1, 2`);
      // Each brand row carries its latest day's counter (the /today ranking reads it): COPY_LATEST_DAILY_VOTES.
      await db.query(`update brands b set today_votes = d.votes, today_votes_day = d.day
                      from (select distinct on (brand_id) brand_id, day, votes from brand_daily_votes
                            order by brand_id, day desc) d
                      where d.brand_id = b.id`);
    }
    // As autovacuum would have by now on a live site: fresh statistics, and a visibility map that lets counts
    // be index-only scans (the seed and earlier runs' votes rewrote rows).
    await db.query('vacuum analyze brands, votes, brand_daily_votes');
    const detailIds = (await db.query('select id from brands order by random() limit 1000')).rows.map((r) => r.id);
    return { detailIds };
  } finally {
    await db.end();
  }
}

export async function benchDirectoryReads({ baseUrl, databaseUrl, detailIds, load, summarise }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = [];
  const plans = [];
  try {
    let n = 0;
    const targets = [
      ['GET /api/brands?category&minRating&limit=24', `${baseUrl}/api/brands?category=Shoes&minRating=3.5&limit=24`],
      ['GET /api/brands/today?limit=24', `${baseUrl}/api/brands/today?limit=24`],
      // What /brands asks for on arrival since issue 23: a page with its ranks, and the filter's hashtags.
      ['GET /api/brands?limit=24&offset=0 (/brands first page)', `${baseUrl}/api/brands?limit=24&offset=0`],
      ['GET /api/brands/hashtags', `${baseUrl}/api/brands/hashtags`],
      [
        'GET /api/brands/{id} (1,000 ids)',
        `${baseUrl}/api/brands/1`,
        { requests: [{ setupRequest: (req) => ({ ...req, path: `/api/brands/${detailIds[n++ % detailIds.length]}` }) }] },
      ],
    ];
    for (const [name, url, options] of targets) {
      // A second of warm-up first (JIT, connection pools, PostgreSQL's cache), so the figure is the steady state.
      await load(url, {}, { ...options, duration: 1 });
      await settleStats();
      const before = await indexScans(db, 'brands');
      rows.push(summarise(name, await load(url, {}, options)));
      await settleStats();
      plans.push([name, scanDelta(before, await indexScans(db, 'brands'))]);
    }
  } finally {
    await db.end();
  }
  return { rows, plans, pageBytes: await brandsPageBytes(baseUrl) };
}

/**
 * The JSON /brands downloads before its first paint, now (a page and the hashtags) and before issue 23 (the whole
 * directory, twice over: unfiltered for the hashtags and ranks, and as the filtered list), as a browser gets it.
 */
async function brandsPageBytes(baseUrl) {
  // node:http, not fetch: fetch undoes the compression, and the bytes on the wire are the figure.
  const size = (path) =>
    new Promise((resolve, reject) => {
      http
        .get(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk) => (bytes += chunk.length));
          response.on('end', () => resolve(bytes));
        })
        .on('error', reject);
    });
  return {
    firstPage: await size('/api/brands?limit=24&offset=0'),
    hashtags: await size('/api/brands/hashtags'),
    wholeDirectory: await size('/api/brands'),
  };
}

/** VOTERS members sign in, then all vote for one brand at the same moment through the gateway. */
export async function benchVotes({ baseUrl, databaseUrl }) {
  const cookies = [];
  for (let start = 0; start < VOTERS; start += 10) {
    const batch = Array.from({ length: Math.min(10, VOTERS - start) }, (_, i) =>
      signInThroughProvider(baseUrl, `voter-${start + i}@bench.example`, `Voter${start + i}`),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('set search_path = brands');
    const { rows } = await db.query(`
      insert into brands (name, description, category, location, delivery, image_url, website_url)
      values ('Bench Vote Target ' || extract(epoch from now()), 'The brand the bench votes for.', 'Bags', 'UK',
              'Europe Wide', '/brand-placeholder.svg', 'https://vote-target.example') returning id`);
    const brandId = rows[0].id;
    const latencies = [];
    const statuses = new Map();
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie) => {
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/api/brands/${brandId}/vote`, { method: 'POST', headers: { cookie } });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
    const elapsedMs = performance.now() - started;
    // The same members again, all at once: the database must refuse every one.
    const repeats = await Promise.all(
      cookies.map((cookie) => fetch(`${baseUrl}/api/brands/${brandId}/vote`, { method: 'POST', headers: { cookie } }).then((r) => r.status)),
    );
    const counts = await db.query(
      `select b.votes, (select count(*)::int from votes v where v.brand_id = b.id) as vote_rows from brands b where b.id = $1`,
      [brandId],
    );
    latencies.sort((a, b) => a - b);
    const pick = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
    return {
      voters: cookies.length,
      elapsedMs: Math.round(elapsedMs),
      votesPerSecond: Math.round((cookies.length / elapsedMs) * 1000),
      p50: pick(0.5),
      p99: pick(0.99),
      statuses: Object.fromEntries(statuses),
      repeatStatuses: repeats.reduce((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
      votes: counts.rows[0].votes,
      voteRows: counts.rows[0].vote_rows,
    };
  } finally {
    await db.end();
  }
}
