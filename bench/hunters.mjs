// The hunter listing under load, through the gateway: 10,000 generated hunters, a search with two filters under
// each of the five sorts, pages of 24. Which indexes served each load is read off PostgreSQL's counters
// (pg-stats.mjs), and each statement is EXPLAINed exactly as the service builds and runs it (its own parser and
// SQL from the built services/hunters, prepared as the service prepares it).
import {
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  hunterListQuerySchema,
  timeZoneOfLocation,
} from '@hunted/contracts';
import pg from 'pg';
import { DEMO_HUNTERS } from '../services/hunters/dist/demo/demo-hunters.js';
import { hunterListQueryOf } from '../services/hunters/dist/store/hunter-query.js';
import { listingStatement } from '../services/hunters/dist/store/hunter-sql.js';
import { indexScans, scanDelta, settleStats } from './pg-stats.mjs';

export const HUNTER_COUNT = Number(process.env.BENCH_HUNTERS ?? 10_000);
const SCHEMA = 'hunters';
const SORTS = ['rating', 'price-low', 'price-high', 'experience', 'sessions'];
/** What a visitor types and picks: a word, a country and a price band (about 1 % of the hunters match). */
const SEARCH_AND_TWO_FILTERS = 'search=vintage&location=Italy&price=60-100';

// Names mixed from the demo hunters' (14 × 14), the lists from the contract the service checks against.
const FIRST_NAMES = DEMO_HUNTERS.map((hunter) => hunter.name.split(' ')[0]);
const LAST_NAMES = DEMO_HUNTERS.map((hunter) => hunter.name.split(' ').slice(1).join(' '));
const CITIES = ['London', 'Paris', 'Milan', 'Madrid', 'Stockholm', 'Athens', 'Copenhagen'];
const OPENERS = [
  'I find vintage pieces worth keeping and the dealers who never advertise.',
  'Tailoring that fits off the peg with two alterations, and shoes that take a resole.',
  'Capsule wardrobes built around what you already own.',
  'Wedding and black-tie styling, from the invitation to the last fitting.',
  'Sustainable, repairable clothes from makers who work responsibly.',
  'Colour analysis over video, then a palette that makes every choice easier.',
  'Designer handbags and vintage jewellery, authenticated before you buy.',
  'Street style and trainers, dressed up for the office.',
  'Knitwear, denim and outerwear that last a decade.',
];
const CLOSERS = [
  'Sessions in English and my own language.',
  'I plan shopping days, hotels included.',
  'Honest advice, a clear plan and no pressure.',
  'Wardrobe audits every season.',
  'I also style homes and events.',
  'Fifteen minutes or a whole day: you choose.',
  'Follow my finds on Instagram.',
];
const sqlArray = (values) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
const pick = (values, index) => `(${sqlArray(values)})[1 + (${index}) % ${values.length}]`;

/**
 * Fills the bench database's hunters schema with HUNTER_COUNT generated hunters in one statement (kept between runs
 * when already there): every location, specialty, service and language, prices £20–£149 (the lowest enabled session
 * type's, as the service computes it), ratings 3.5–5 (with the sum of stars 'Our top picks' ranks on), a few featured,
 * all approved (the listing answers no other).
 */
export async function seedHunters(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`set search_path = ${SCHEMA}`);
    const { rows } = await db.query(`select count(*)::int as n from hunters where user_id like 'bench-hunter-%'`);
    if (rows[0].n !== HUNTER_COUNT) {
      await db.query('truncate hunters restart identity cascade');
      await db.query(`
        insert into hunters (user_id, name, bio, location, specialties, advice_types, languages, years_experience,
                             price_per_session, rating, review_count, rating_sum, total_sessions, featured, availability_status,
                             instagram_url, session_types, status, time_zone)
        select 'bench-hunter-' || i,
               ${pick(FIRST_NAMES, 'i')} || ' ' || ${pick(LAST_NAMES, `i / ${FIRST_NAMES.length}`)},
               'Stylist based in ' || ${pick(CITIES, 'i / 5')} || '. ' || ${pick(OPENERS, 'i / 3')} || ' ' || ${pick(CLOSERS, 'i / 11')},
               ${pick(HUNTER_LOCATIONS, 'i / 5')},
               array[${pick(HUNTER_SPECIALTIES, 'i')}, ${pick(HUNTER_SPECIALTIES, `i + 1 + (i / ${HUNTER_SPECIALTIES.length}) % ${HUNTER_SPECIALTIES.length - 1}`)}],
               array[${pick(HUNTER_SERVICES, 'i')}, ${pick(HUNTER_SERVICES, `i + 1 + (i / ${HUNTER_SERVICES.length}) % ${HUNTER_SERVICES.length - 1}`)}],
               array['English', (${sqlArray(HUNTER_LANGUAGES)})[2 + (i / 3) % ${HUNTER_LANGUAGES.length - 1}]],
               i % 41,
               p,
               r,
               (i * 31) % 300,
               round(r * ((i * 31) % 300)),
               (i * 31) % 300 + (i * 17) % 200,
               i % 97 = 0,
               case i % 10 when 0 then 'Unavailable' when 1 then 'Busy' when 2 then 'Busy' else 'Available' end,
               case when i % 2 = 0 then 'https://www.instagram.com/bench' || i || '.demo' end,
               jsonb_build_object(
                 'whatsappVoice', jsonb_build_object('enabled', true, 'price', p, 'duration', 30),
                 'whatsappVideo', jsonb_build_object('enabled', true, 'price', p + 35, 'duration', 60),
                 'inPerson', jsonb_build_object('enabled', i % 3 = 0, 'price', p * 3, 'duration', 90),
                 'askQuestion', jsonb_build_object('enabled', false, 'price', 25, 'duration', 15)),
               'approved',
               ${pick(HUNTER_LOCATIONS.map(timeZoneOfLocation), 'i / 5')}
        from generate_series(1, ${HUNTER_COUNT}) as i, lateral (select 20 + (i * 37) % 130 as p) as price,
             lateral (select round(3.5 + ((i * 7919) % 151) / 100.0, 2) as r) as rated`);
    }
    // As autovacuum would have by now on a live site: fresh statistics and a visibility map.
    await db.query('vacuum analyze hunters');
  } finally {
    await db.end();
  }
}

/** A plan as indented lines: each node, the index or table it reads, its rows and time. */
function planLines(node, depth = 0, lines = []) {
  const subplan = node['Subplan Name'] ? `${node['Subplan Name']}: ` : '';
  const target = node['Index Name']
    ? ` using ${node['Index Name']}`
    : node['Relation Name']
      ? ` on ${node['Relation Name']}`
      : '';
  lines.push(
    `${'  '.repeat(depth)}${subplan}${node['Node Type']}${target} (rows ${node['Actual Rows']}, ${node['Actual Total Time']} ms)`,
  );
  for (const child of node.Plans ?? []) planLines(child, depth + 1, lines);
  return lines;
}

/**
 * The plan the service runs: its statement prepared and executed past PostgreSQL's five custom plans, so this is
 * the cached (generic) plan each pooled connection keeps, then EXPLAINed (ANALYZE) once more.
 */
export async function explainListing(db, query) {
  const { text, values } = listingStatement(hunterListQueryOf(hunterListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))));
  const args = values
    .map((value) => (typeof value === 'number' ? String(value) : db.escapeLiteral(String(value))))
    .join(', ');
  await db.query('deallocate all');
  await db.query(`prepare listing as ${text}`);
  for (let i = 0; i < 6; i++) await db.query(`execute listing(${args})`);
  const { rows } = await db.query(`explain (analyze, buffers, format json) execute listing(${args})`);
  const [{ Plan: plan, 'Planning Time': planning, 'Execution Time': execution }] = rows[0]['QUERY PLAN'];
  return { lines: planLines(plan), planning, execution };
}

/** Loads each sort's page of 24 through the gateway as a guest; answers the rows, the counters' delta and the plans. */
export async function benchHunterReads({ baseUrl, databaseUrl, load, summarise }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = [];
  const plans = [];
  try {
    await db.query(`set search_path = ${SCHEMA}`);
    const targets = [
      ['GET /api/hunters?limit=24 (first page, no filter)', 'limit=24'],
      ...SORTS.map((sort) => [
        `GET /api/hunters?${SEARCH_AND_TWO_FILTERS}&sort=${sort}&limit=24`,
        `${SEARCH_AND_TWO_FILTERS}&sort=${sort}&limit=24`,
      ]),
    ];
    for (const [name, query] of targets) {
      const url = `${baseUrl}/api/hunters?${query}`;
      const sample = await fetch(url);
      const total = sample.headers.get('x-total-count');
      if (sample.status !== 200) throw new Error(`${name} answered ${sample.status}`);
      const page = await sample.json();
      // A second of warm-up first (JIT, connection pools, PostgreSQL's cache), so the figure is the steady state.
      await load(url, {}, { duration: 1 });
      await settleStats();
      const before = await indexScans(db, SCHEMA);
      rows.push({ ...summarise(name, await load(url, {})), note: `${page.length} of ${total}` });
      await settleStats();
      plans.push([name, scanDelta(before, await indexScans(db, SCHEMA)), await explainListing(db, query)]);
    }
  } finally {
    await db.end();
  }
  return { rows, plans };
}
