// A brand page's "Hunters who know this brand" (issue 25) under load, through the gateway: 100,000 brands in hunters'
// copy of the directory, 10,000 hunters with 12 go-to brands each and 3,000 edits of 5 brands. The brand page asks
// `GET /api/hunters?brand={id}&limit=6` ('Our top picks'); /book-a-hunter's value-tag filter is measured beside it.
// Which indexes served each load is read off PostgreSQL's counters, and each statement is EXPLAINed as the service
// prepares it (hunters.mjs).
import pg from 'pg';
import { explainListing, HUNTER_COUNT } from './hunters.mjs';
import { indexScans, scanDelta, settleStats } from './pg-stats.mjs';

const SCHEMA = 'hunters';
export const GO_TO_PER_HUNTER = 12;
const EDITS = 3_000;
const ITEMS_PER_EDIT = 5;
/** A third of each hunter's go-to brands come from the 1,000 best known (about 40 hunters each), the rest from all. */
const POPULAR = 1_000;

/**
 * Fills hunters' copy of the directory from the bench's brands schema (as brands' events would have: id, name,
 * image, tags), gives every bench hunter 12 go-to brands and writes 3,000 held sessions with an edit of 5 brands
 * each (a third of them published). Kept between runs when already there; run after seedDirectory and seedHunters
 * (which empties these tables when it rewrites the hunters).
 */
export async function seedBrandHunters(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`set search_path = ${SCHEMA}`);
    const { rows } = await db.query(
      `select (select count(*)::int from brand_copies) as copies, (select count(*)::int from brands.brands) as brands,
              (select count(*)::int from hunter_go_to_brands) as go_to, (select count(*)::int from hunter_edits) as edits`,
    );
    const [{ copies, brands, go_to: goTo, edits }] = rows;
    if (copies !== brands || goTo < HUNTER_COUNT * (GO_TO_PER_HUNTER - 1) || edits !== EDITS) {
      // The republish migration's events may be filling the copy at the same moment: the rows are the same.
      await db.query(`
        insert into brand_copies (brand_id, name, image_url, tags, updated_at)
        select id, name, image_url, tags, now() from brands.brands
        on conflict (brand_id) do nothing`);
      await db.query('truncate hunter_go_to_brands, hunter_edit_items, hunter_edits, booking_copies');
      // Positions 1-4 from the popular brands, 5-12 from the whole directory (a clash with 1-4 is skipped).
      await db.query(
        `insert into hunter_go_to_brands (hunter_id, brand_id, position)
         select h.id, b.brand_id, p
         from hunters h
         cross join generate_series(1, ${GO_TO_PER_HUNTER}) as p
         cross join lateral (select case when p <= 4 then 1 + (h.id * 7 + p * 131) % ${POPULAR}
                                         else 1 + (h.id * 7919 + p * 104729) % ${brands} end as pick) as picked
         join brand_copies b on b.brand_id = picked.pick
         where h.user_id like 'bench-hunter-%'
         on conflict do nothing`,
      );
      await db.query(
        `insert into booking_copies (booking_id, hunter_id, client_user_id, ends_at, sequence, first_heard_at, status,
                                     attendance, held_from, editable_from)
         select 'bench-booking-' || s, h.id, 'bench-client-' || s, now() - interval '1 day', 0, now(), 'completed', 'held',
                now() - interval '1 day', now() - interval '1 day'
         from generate_series(1, ${EDITS}) as s
         join hunters h on h.user_id = 'bench-hunter-' || (1 + (s * 13) % ${HUNTER_COUNT})`,
      );
      await db.query(
        `insert into hunter_edits (booking_id, hunter_id, client_user_id, title, publication, published_at)
         select booking_id, hunter_id, client_user_id, 'Bench edit',
                case when hunter_id % 3 = 0 then 'published' else 'private' end,
                case when hunter_id % 3 = 0 then now() end
         from booking_copies where booking_id like 'bench-booking-%'`,
      );
      await db.query(
        `insert into hunter_edit_items (edit_id, position, brand_id, brand_name, item_name, why)
         select e.id, p, b.brand_id, b.name, 'A bench piece', 'It lasts'
         from hunter_edits e
         cross join generate_series(1, ${ITEMS_PER_EDIT}) as p
         join brand_copies b on b.brand_id = 1 + (e.id * 3 + p * 271) % ${brands}`,
      );
    }
    await db.query('vacuum analyze brand_copies, hunter_go_to_brands, booking_copies, hunter_edits, hunter_edit_items');
  } finally {
    await db.end();
  }
}

/**
 * Loads a popular brand's page list (the brand most hunters know), a rarely known brand's, and the value-tag filter
 * of /book-a-hunter, through the gateway as a guest; answers the rows, the counters' delta and the plans.
 */
export async function benchBrandHunters({ baseUrl, databaseUrl, load, summarise }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rows = [];
  const plans = [];
  try {
    await db.query(`set search_path = ${SCHEMA}`);
    const { rows: picks } = await db.query(`
      (select brand_id, count(*)::int as knowers from hunter_go_to_brands group by 1 order by 2 desc, 1 limit 1)
      union all
      (select brand_id, count(*)::int from hunter_go_to_brands where brand_id > ${POPULAR} group by 1 having count(*) = 1 order by 1 limit 1)`);
    const [popular, rare] = picks;
    const targets = [
      [`GET /api/hunters?brand={id}&limit=6 (a brand on ${popular.knowers} go-to lists)`, `brand=${popular.brand_id}&limit=6`],
      [`GET /api/hunters?brand={id}&limit=6 (a brand on ${rare.knowers} go-to list)`, `brand=${rare.brand_id}&limit=6`],
      ['GET /api/hunters?valueTag=Handmade&limit=24 (/book-a-hunter)', 'valueTag=Handmade&limit=24'],
    ];
    for (const [name, query] of targets) {
      const url = `${baseUrl}/api/hunters?${query}`;
      const sample = await fetch(url);
      if (sample.status !== 200) throw new Error(`${name} answered ${sample.status}: ${await sample.text()}`);
      const page = await sample.json();
      const total = sample.headers.get('x-total-count');
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
