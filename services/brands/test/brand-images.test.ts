import { BRAND_PLACEHOLDER_IMAGE_URL, type Brand, type BrandImageResponse } from '@hunted/contracts';
import { IMAGE_FETCH_MESSAGES, setClockOffset } from '@hunted/platform';
import { imageMetadataOf, jpegWithGps, startImageServer, TEST_PNG, type ImageServer } from '@hunted/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandImageFetcher } from '../src/images/brand-image-fetch.job.js';
import { BRAND_IMAGE_MESSAGES, BrandImages } from '../src/images/brand-images.js';
import { signedIn, startBrands, type RunningBrands } from './support.js';

const SCHEMA = 'brands_images_it';

const brandFields = {
  name: 'Kiln Studio',
  description: 'Stoneware thrown in Bristol.',
  category: 'Home',
  location: 'UK',
  delivery: 'Europe Wide',
  websiteUrl: 'https://kiln.example',
};

describe('brand images: uploaded or fetched once, stored and served by brands', () => {
  let brands: RunningBrands;
  let server: ImageServer;
  let gpsJpeg: Buffer;

  beforeAll(async () => {
    gpsJpeg = await jpegWithGps();
    server = await startImageServer({
      '/kiln.jpg': { headers: { 'content-type': 'image/jpeg' }, body: gpsJpeg },
      '/kiln.png': { headers: { 'content-type': 'image/png' }, body: TEST_PNG },
      '/page.html': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      '/huge.png': { headers: { 'content-type': 'image/png' }, streamBytes: 6 * 1024 * 1024 },
      '/to-metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/iam/' } },
    });
    brands = await startBrands(SCHEMA, {
      BRAND_IMAGE_FETCH_ALLOW_HOSTS: server.host,
      BRAND_IMAGES_PER_DAY: '6',
    });
  });

  afterAll(async () => {
    await brands?.stop();
    await server?.close();
  });

  async function post(path: string, body: unknown, userId = 'u-member', isAdmin = false): Promise<Response> {
    return fetch(`${brands.base}${path}`, {
      method: 'POST',
      headers: { ...(await signedIn(userId, isAdmin)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function served(imageUrl: string): Promise<Response> {
    return fetch(`${brands.base}${imageUrl}`);
  }

  it('fetches a submitted link once, stores it cleaned (EXIF and GPS gone) and serves it from the site', async () => {
    const response = await post('/api/brands', { ...brandFields, imageUrl: server.url('/kiln.jpg') });
    expect(response.status).toBe(201);
    const brand = (await response.json()) as Brand;
    expect(brand.imageUrl).toMatch(/^\/api\/media\/brand-images\/[0-9a-f-]{36}$/);
    expect(server.hits('/kiln.jpg')).toBe(1);

    const image = await served(brand.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const metadata = await imageMetadataOf(Buffer.from(await image.arrayBuffer()));
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();

    const { rows } = await brands.query('select source_url, uploaded_by from $S.brand_images where id = $1', [
      brand.imageUrl.split('/').pop(),
    ]);
    expect(rows).toEqual([{ source_url: server.url('/kiln.jpg'), uploaded_by: 'u-member' }]);
    // Reading the brand again fetches nothing more.
    expect((await fetch(`${brands.base}/api/brands/${brand.id}`)).status).toBe(200);
    expect(server.hits('/kiln.jpg')).toBe(1);
  });

  it('refuses links to private, loopback, link-local and metadata addresses with a clear message on the image field', async () => {
    const before = await brands.query('select count(*)::int as n from $S.brands');
    for (const link of [
      `http://127.0.0.1:${server.port + 1}/kiln.jpg`,
      'http://10.0.0.7/kiln.jpg',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${server.port}/kiln.jpg`,
      `http://[::ffff:127.0.0.1]:${server.port}/kiln.jpg`,
      server.url('/to-metadata'),
    ]) {
      const response = await post('/api/brands', { ...brandFields, imageUrl: link });
      expect(response.status, link).toBe(400);
      expect(await response.json(), link).toMatchObject({
        message: IMAGE_FETCH_MESSAGES.privateAddress,
        errors: { imageUrl: IMAGE_FETCH_MESSAGES.privateAddress },
      });
    }
    expect(await brands.query('select count(*)::int as n from $S.brands')).toMatchObject({ rows: before.rows });
  });

  it('refuses a link that is not an image, or too large, through the upload route too', async () => {
    const page = await post('/api/brand-images', { url: server.url('/page.html') });
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ errors: { url: IMAGE_FETCH_MESSAGES.notAnImage('text/html') } });
    const huge = await post('/api/brand-images', { url: server.url('/huge.png') });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ errors: { url: BRAND_IMAGE_MESSAGES.tooLarge } });
    const neither = await post('/api/brand-images', {});
    expect(neither.status).toBe(400);
  });

  it('takes an upload, cleaned as every upload is, for the form to send as the brand image', async () => {
    const upload = await post('/api/brand-images', { image: `data:image/jpeg;base64,${gpsJpeg.toString('base64')}` });
    expect(upload.status).toBe(201);
    const { imageUrl } = (await upload.json()) as BrandImageResponse;
    const metadata = await imageMetadataOf(Buffer.from(await (await served(imageUrl)).arrayBuffer()));
    expect(metadata.exif).toBeUndefined();

    const created = await post('/api/admin/brands', { ...brandFields, name: 'Uploaded', imageUrl }, 'u-admin', true);
    expect(created.status).toBe(201);
    expect(((await created.json()) as Brand).imageUrl).toBe(imageUrl);

    const notAnImage = await post('/api/brand-images', { image: 'data:image/png;base64,aGVsbG8=' });
    expect(notAnImage.status).toBe(400);
    expect(await notAnImage.json()).toMatchObject({ errors: { image: BRAND_IMAGE_MESSAGES.notAnImage } });
  });

  it('prunes, a day after, the uploads no brand shows, and keeps every image a brand shows', async () => {
    const upload = async () =>
      (
        (await (
          await post('/api/brand-images', { image: `data:image/png;base64,${TEST_PNG.toString('base64')}` }, 'u-pruner')
        ).json()) as BrandImageResponse
      ).imageUrl;
    const unused = await upload();
    const shown = await upload();
    expect((await post('/api/brands', { ...brandFields, name: 'Shown', imageUrl: shown }, 'u-pruner')).status).toBe(
      201,
    );
    const images = brands.app.get(BrandImages);
    try {
      expect(await images.pruneUnused()).toBe(0);
      setClockOffset(24 * 60 * 60 * 1000 + 60_000);
      await images.pruneUnused();
      expect((await served(unused)).status).toBe(404);
      expect((await served(shown)).status).toBe(200);
    } finally {
      setClockOffset(0);
    }
  });

  it('refuses a stored-image path that brands never stored', async () => {
    const response = await post('/api/brands', {
      ...brandFields,
      imageUrl: '/api/media/brand-images/00000000-0000-4000-8000-000000000000',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { imageUrl: BRAND_IMAGE_MESSAGES.notStored } });
    expect((await served('/api/media/brand-images/not-a-uuid')).status).toBe(404);
  });

  it("counts each stored image against the member's daily allowance", async () => {
    const spender = 'u-spender';
    const statuses: number[] = [];
    for (let upload = 0; upload < 7; upload++) {
      statuses.push((await post('/api/brand-images', { url: server.url('/kiln.png') }, spender)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it("brings in a CSV row's link once with the job, and shows the placeholder for a refused one", async () => {
    const csv = [
      'name,description,category,location,delivery,priceCategory,website,imageUrl',
      `From CSV,d,Home,UK,Europe Wide,££,https://a.example,${server.url('/kiln.png')}`,
      'Refused,d,Home,UK,Europe Wide,££,https://b.example,http://169.254.169.254/x.png',
    ].join('\n');
    const hitsBefore = server.hits('/kiln.png');
    const form = new FormData();
    form.append('csv', new Blob([csv], { type: 'text/csv' }), 'brands.csv');
    const uploaded = await fetch(`${brands.base}/api/admin/brands/upload-csv`, {
      method: 'POST',
      headers: await signedIn('u-admin', true),
      body: form,
    });
    expect(await uploaded.json()).toEqual({ count: 2 });
    const [fetched, refused] = (
      await brands.query(`select id, image_url from $S.brands where name in ('From CSV', 'Refused') order by name`)
    ).rows.map((row: { id: number; image_url: string }) => {
      // Until the job has run, the brand shows the placeholder: nothing is fetched in the upload itself.
      expect(row.image_url).toBe(BRAND_PLACEHOLDER_IMAGE_URL);
      return row.id;
    });
    expect(server.hits('/kiln.png')).toBe(hitsBefore);
    const run = await brands.app.get(BrandImageFetcher).fetchQueued();
    expect(run).toEqual({ stored: 1, refused: 1, retried: 0 });
    expect(server.hits('/kiln.png')).toBe(hitsBefore + 1);

    const images = await brands.query('select id, image_url from $S.brands where id = any($1::int[]) order by id', [
      [fetched, refused],
    ]);
    expect(images.rows[0].image_url).toMatch(/^\/api\/media\/brand-images\//);
    expect(images.rows[1].image_url).toBe(BRAND_PLACEHOLDER_IMAGE_URL);
    expect((await served(images.rows[0].image_url)).status).toBe(200);
    expect((await brands.query('select count(*)::int as n from $S.brand_image_fetches')).rows[0].n).toBe(0);
    const events = await brands.query(
      `select data from $S.outbox where type = 'brands.brand.updated' and (data->>'brandId')::int = any($1::int[]) order by seq`,
      [[fetched, refused]],
    );
    expect(events.rows.map((row: { data: { imageUrl: string } }) => row.data.imageUrl)).toEqual([
      images.rows[0].image_url,
      BRAND_PLACEHOLDER_IMAGE_URL,
    ]);
    // Once: a second run has nothing to fetch.
    expect(await brands.app.get(BrandImageFetcher).fetchQueued()).toEqual({ stored: 0, refused: 0, retried: 0 });
  });
});
