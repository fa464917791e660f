import { BRAND_CSV_LIMITS, type Brand, type CsvUploadErrorResponse } from '@hunted/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, signedAs, startBrands, type RunningBrands } from './admin-harness.js';

const SCHEMA = 'brands_admin_csv_it';
const HEADER = 'name,description,category,location,delivery,priceCategory,website,instagram,tiktok,tags,hashtags';
const GOOD_ROW = 'Loom,Scarves,Accessories,UK,Europe Wide,££,https://loom.example.com,@loom,,Handmade|Locally Made,#wool slow';

describe('brands CSV upload and template', () => {
  let brands: RunningBrands;

  beforeAll(async () => {
    brands = await startBrands(SCHEMA);
  });

  afterAll(async () => {
    await brands?.close();
  });

  async function upload(content: string | Buffer, { field = 'csv', filename = 'brands.csv', type = 'text/csv' } = {}) {
    const form = new FormData();
    form.append(field, new Blob([content], { type }), filename);
    const response = await fetch(`${brands.base}/api/admin/brands/upload-csv`, {
      method: 'POST',
      headers: await signedAs(admin),
      body: form,
    });
    return { status: response.status, body: (await response.json()) as CsvUploadErrorResponse & { count?: number } };
  }

  const brandCount = async () => (await brands.db.query('select count(*)::int as n from brands')).rows[0].n as number;
  const createdEvents = async () =>
    (await brands.db.query(`select count(*)::int as n from outbox where type = 'brands.brand.created'`)).rows[0].n as number;

  it('creates every row in one go, with one created event per brand', async () => {
    const [before, eventsBefore] = [await brandCount(), await createdEvents()];
    const result = await upload(
      [
        HEADER,
        GOOD_ROW,
        'Kiln,,Home,Spain,Local Only,£,,,@kiln.co,,',
        '"Maison ""Céleste""","Rings, earrings",Jewellery,France,International,££££,,https://www.instagram.com/celeste/,,,',
      ].join('\r\n'),
    );
    expect(result).toEqual({ status: 201, body: { count: 3 } });
    expect(await brandCount()).toBe(before + 3);
    expect(await createdEvents()).toBe(eventsBefore + 3);
    const { rows } = await brands.db.query<{ name: string }>('select name from outbox o join brands b on b.id = (o.data->>\'brandId\')::int');
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['Loom', 'Kiln', 'Maison "Céleste"']));

    const list = (await (await fetch(`${brands.base}/api/admin/brands`, { headers: await signedAs(admin) })).json()) as Brand[];
    expect(list.find((brand) => brand.name === 'Loom')).toMatchObject({
      instagramUrl: 'https://www.instagram.com/loom/',
      websiteUrl: 'https://loom.example.com',
      imageUrl: '/brand-placeholder.svg',
      tags: ['Handmade', 'Locally Made'],
      hashtags: ['#wool', '#slow'],
      priceCategory: '££',
    });
    expect(list.find((brand) => brand.name === 'Kiln')).toMatchObject({
      description: '',
      tiktokUrl: 'https://www.tiktok.com/@kiln.co',
      instagramUrl: null,
      websiteUrl: null,
    });
    expect(list.find((brand) => brand.name === 'Maison "Céleste"')).toMatchObject({ description: 'Rings, earrings' });
  });

  it('refuses a file missing required columns, naming them', async () => {
    const result = await upload('name,category,location\nLoom,Bags,UK\n');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('The CSV header is not right: missing required columns delivery, priceCategory');
    expect(result.body.rows).toEqual([
      { line: 1, column: 'delivery', message: 'Required column delivery is missing' },
      { line: 1, column: 'priceCategory', message: 'Required column priceCategory is missing' },
    ]);
  });

  it('refuses unknown columns', async () => {
    const result = await upload(`${HEADER},colour\n${GOOD_ROW},red\n`);
    expect(result.status).toBe(400);
    expect(result.body.rows).toEqual([expect.objectContaining({ line: 1, column: 'colour', message: expect.stringMatching(/^Unknown column "colour"/) })]);
  });

  it('names the line and column of a bad category and of a bad URL, and inserts nothing (all or nothing)', async () => {
    const [before, eventsBefore] = [await brandCount(), await createdEvents()];
    const result = await upload(
      [HEADER, GOOD_ROW, 'Cars Ltd,,Cars,UK,Local Only,£,https://cars.example.com,,,,', GOOD_ROW, 'Bad Link,,Bags,UK,Local Only,£,www.bad link,,,,'].join('\n'),
    );
    expect(result.status).toBe(400);
    expect(result.body.rows).toEqual([
      { line: 3, column: 'category', message: expect.stringMatching(/^Category must be one of: Clothing/) },
      { line: 5, column: 'website', message: 'Website must be a link starting with http:// or https://' },
    ]);
    expect(result.body.message).toMatch(/^No brands were uploaded: 2 problems in 2 rows \(line 3, category: Category must be one of/);
    expect(await brandCount()).toBe(before);
    expect(await createdEvents()).toBe(eventsBefore);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = `${HEADER}\n${`${GOOD_ROW}\n`.repeat(Math.ceil(BRAND_CSV_LIMITS.maxBytes / GOOD_ROW.length) + 10)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(BRAND_CSV_LIMITS.maxBytes);
    const before = await brandCount();
    const result = await upload(big);
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('The CSV file is larger than 5 MB');
    expect(await brandCount()).toBe(before);
  });

  it('refuses more than 5,000 rows, and takes exactly 5,000', async () => {
    const before = await brandCount();
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => GOOD_ROW.replace('Loom', `Loom ${i}`))].join('\n');
    const tooMany = await upload(rows(5001));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('The CSV has 5001 rows; upload at most 5000 brands at a time');
    expect(await brandCount()).toBe(before);
    expect(await upload(rows(5000))).toEqual({ status: 201, body: { count: 5000 } });
    expect(await brandCount()).toBe(before + 5000);
  });

  it('refuses what is not a CSV whatever it claims to be', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const result = await upload(png, { filename: 'brands.csv', type: 'text/csv' });
    expect(result).toEqual({ status: 400, body: { statusCode: 400, message: 'The file is not a CSV: it contains binary data', rows: [] } });
    const html = await upload('<html><body>Not a list</body></html>');
    expect(html.status).toBe(400);
    expect(html.body.message).toMatch(/^The file is not a brands CSV/);
  });

  it('asks for the file in the field named csv, sent as multipart', async () => {
    const wrongField = await upload(`${HEADER}\n${GOOD_ROW}\n`, { field: 'file' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Send the CSV in the field named csv, not "file"');
    const json = await fetch(`${brands.base}/api/admin/brands/upload-csv`, {
      method: 'POST',
      headers: { ...(await signedAs(admin)), 'content-type': 'application/json' },
      body: JSON.stringify({ csv: HEADER }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ message: 'Send the CSV as multipart/form-data with the file in a field named csv' });
  });

  it('serves a template that uploads unchanged (round trip)', async () => {
    const response = await fetch(`${brands.base}/api/admin/brands/csv-template`, { headers: await signedAs(admin) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="hunted-brands-template.csv"');
    const template = Buffer.from(await response.arrayBuffer());
    const header = template.toString('utf8').replace(/^\ufeff/, '').split('\r\n')[0];
    expect(header).toBe('name,description,category,location,delivery,priceCategory,website,instagram,tiktok,etsy,imageUrl,tags,hashtags');
    const before = await brandCount();
    expect(await upload(template)).toEqual({ status: 201, body: { count: 2 } });
    expect(await brandCount()).toBe(before + 2);
  });
});
