// Reviews under load, through the gateway: one brand with 500 reviews (two photos each) and 2,000 comments, read
// the way the brand page reads them (a page of 10 reviews, 20 comments, 24 photo URLs) and whole. The lists must
// stay small whatever the photos weigh (they carry URLs), and a photo is served straight from its row.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { deflateSync } from 'node:zlib';
import pg from 'pg';

const REVIEWS = 500;
const COMMENTS = 2_000;
const PHOTO_SIDE = 128;

/** A real PNG of noise (so it does not compress): about 50 KB, the size of a phone photo's thumbnail. */
function noisePng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PHOTO_SIDE, 0);
  header.writeUInt32BE(PHOTO_SIDE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = [];
  for (let y = 0; y < PHOTO_SIDE; y++) rows.push(Buffer.from([0]), randomBytes(PHOTO_SIDE * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A new brand (in brands, and in the reviews service's copy of brands) with REVIEWS reviews by distinct members,
 * two photos each, and COMMENTS comments. Written with SQL: the bench measures reads, and 1,000 photo uploads
 * through the API would only measure the upload.
 */
export async function seedReviewedBrand(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`
      insert into brands.brands (name, description, category, location, delivery, image_url, website_url)
      values ('Bench Reviewed ' || extract(epoch from now()), 'The brand the reviews bench reads.', 'Home', 'UK',
              'Europe Wide', '/brand-placeholder.svg', 'https://reviewed.example') returning id`);
    const brandId = rows[0].id;
    await db.query('insert into reviews.brands (brand_id) values ($1) on conflict do nothing', [brandId]);
    await db.query(`
      insert into reviews.users (user_id, first_name, last_name, profile_image_url, updated_at)
      select 'bench-reviewer-' || i, 'Reviewer', 'Number ' || i, null, now() from generate_series(1, ${REVIEWS}) i
      on conflict (user_id) do nothing`);
    await db.query(
      `insert into reviews.reviews (brand_id, user_id, rating, speed_rating, ease_rating, quality_rating,
                                    sustainability_rating, review_text, created_at)
       select $1, 'bench-reviewer-' || i, 1 + i % 5, 1 + i % 5, 1 + (i + 1) % 5, 1 + (i + 2) % 5, 1 + (i + 3) % 5,
              'Review number ' || i || ': lovely quality, quick delivery, would buy again.',
              now() - (i || ' minutes')::interval
       from generate_series(1, ${REVIEWS}) i`,
      [brandId],
    );
    const photo = noisePng();
    await db.query(
      `insert into reviews.review_photos (id, review_id, position, content_type, bytes, byte_length)
       select gen_random_uuid(), r.id, p, 'image/png', $2, $3
       from reviews.reviews r cross join generate_series(0, 1) p where r.brand_id = $1`,
      [brandId, photo, photo.length],
    );
    await db.query(
      `insert into reviews.comments (brand_id, user_id, content, created_at)
       select $1, 'bench-reviewer-' || (1 + i % ${REVIEWS}), 'Comment ' || i || ': where can I buy this?',
              now() - (i || ' seconds')::interval
       from generate_series(1, ${COMMENTS}) i`,
      [brandId],
    );
    await db.query('vacuum analyze reviews.reviews, reviews.review_photos, reviews.comments');
    const photos = await db.query(
      'select p.id from reviews.review_photos p join reviews.reviews r on r.id = p.review_id where r.brand_id = $1 limit 200',
      [brandId],
    );
    return { brandId, photoIds: photos.rows.map((row) => row.id), photoBytes: photo.length, photo };
  } finally {
    await db.end();
  }
}

/**
 * A bare Node server answering the same photo bytes: the floor for serving a photo on this machine, where the load
 * generator itself spends most of a core reading 50 MB/s.
 */
function startBarePhotoServer(photo) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.length });
    res.end(photo);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function benchReviewReads({ baseUrl, brandId, photoIds, photo, load, summarise }) {
  const sizes = {};
  for (const path of [
    `/api/brands/${brandId}/reviews?limit=10`,
    `/api/brands/${brandId}/comments?limit=20`,
    `/api/brands/${brandId}/photos?limit=24`,
    `/api/brands/${brandId}/photos`,
    `/api/brands/${brandId}/reviews`,
    `/api/brands/${brandId}/comments`,
  ]) {
    const response = await fetch(`${baseUrl}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const body = await response.arrayBuffer();
    sizes[path] = { bytes: body.byteLength, items: JSON.parse(Buffer.from(body).toString('utf8')).length };
  }
  let n = 0;
  const targets = [
    [`GET /api/brands/{id}/reviews?limit=10 (of ${REVIEWS}, 2 photos each)`, `${baseUrl}/api/brands/${brandId}/reviews?limit=10`],
    [`GET /api/brands/{id}/comments?limit=20 (of ${COMMENTS})`, `${baseUrl}/api/brands/${brandId}/comments?limit=20`],
    [
      'GET /api/media/review-photos/{id} (200 photos)',
      `${baseUrl}/api/media/review-photos/${photoIds[0]}`,
      { requests: [{ setupRequest: (req) => ({ ...req, path: `/api/media/review-photos/${photoIds[n++ % photoIds.length]}` }) }] },
    ],
    [`GET /api/brands/{id}/photos?limit=24 (of ${REVIEWS * 2})`, `${baseUrl}/api/brands/${brandId}/photos?limit=24`],
    [`GET /api/brands/{id}/photos (all ${REVIEWS * 2} photo URLs)`, `${baseUrl}/api/brands/${brandId}/photos`],
    [`GET /api/brands/{id}/reviews (all ${REVIEWS})`, `${baseUrl}/api/brands/${brandId}/reviews`],
    [`GET /api/brands/{id}/comments (all ${COMMENTS})`, `${baseUrl}/api/brands/${brandId}/comments`],
  ];
  const bare = await startBarePhotoServer(photo);
  targets.splice(3, 0, [`bare Node http, the same ${Math.round(photo.length / 1024)} KB photo (floor)`, `http://127.0.0.1:${bare.address().port}/`]);
  const rows = [];
  try {
    for (const [name, url, options] of targets) {
      // A breath between loads, so one load's backlog is not measured as the next one's latency; then a warm-up
      // long enough for the services' pools to fill and prepare their statements (the first seconds are cold).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await load(url, {}, { ...options, duration: 3 });
      rows.push(summarise(name, await load(url, {}, options)));
    }
  } finally {
    bare.close();
  }
  return { rows, sizes };
}
