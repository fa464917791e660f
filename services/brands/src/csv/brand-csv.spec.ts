import 'reflect-metadata';
import { BRAND_PLACEHOLDER_IMAGE_URL } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { brandCsvTemplate } from './brand-csv-template.js';
import { CSV_COLUMNS, CsvFileError, parseBrandCsv, socialLink, validateBrandRows } from './brand-csv.js';

const HEADER = 'name,category,location,delivery,priceCategory';
const csv = (...lines: string[]) => Buffer.from(lines.join('\n'));

function fileError(bytes: Buffer): CsvFileError {
  try {
    parseBrandCsv(bytes, 3);
  } catch (error) {
    if (error instanceof CsvFileError) return error;
    throw error;
  }
  throw new Error('expected a CsvFileError');
}

describe('parseBrandCsv', () => {
  it('reads rows by column with the line each starts on, skipping blank lines and a byte order mark', () => {
    const { rows, errors } = parseBrandCsv(
      Buffer.from(`\ufeff${HEADER},Description\r\n\r\nLoom,Bags,UK,Local Only,£,"two\nlines"\r\nKiln,Home,Spain,Europe Wide,££,x\r\n`),
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 3,
        values: { name: 'Loom', category: 'Bags', location: 'UK', delivery: 'Local Only', priceCategory: '£', description: 'two\nlines' },
      },
      expect.objectContaining({ line: 5, values: expect.objectContaining({ name: 'Kiln' }) }),
    ]);
  });

  it('names missing, unknown and repeated columns on line 1', () => {
    const error = fileError(csv('name,category,colour,name', 'a,b,c,d'));
    expect(error.message).toBe(
      'The CSV header is not right: missing required columns location, delivery, priceCategory; unknown column "colour"; repeated column name',
    );
    expect(error.rows).toContainEqual({ line: 1, column: 'delivery', message: 'Required column delivery is missing' });
    expect(error.rows).toContainEqual(expect.objectContaining({ line: 1, column: 'colour' }));
  });

  it('refuses what is not a CSV of brands', () => {
    expect(fileError(Buffer.alloc(0)).message).toBe('The CSV file is empty');
    expect(fileError(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])).message).toBe(
      'The file is not a CSV: it contains binary data',
    );
    expect(fileError(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0xe9])).message).toMatch(/not UTF-8/);
    expect(fileError(csv('<html><body>Hello</body></html>')).message).toMatch(/not a brands CSV/);
    expect(fileError(csv('{"name": "json"}')).message).toMatch(/not a valid CSV/);
    expect(fileError(csv(HEADER, '"unclosed,a,b,c,d')).rows).toEqual([expect.objectContaining({ line: 2, column: '' })]);
    expect(fileError(csv(HEADER)).message).toBe('The CSV has a header but no brands below it');
    expect(fileError(csv(HEADER, ...Array(4).fill('a,Bags,UK,Local Only,£'))).message).toBe(
      'The CSV has 4 rows; upload at most 3 brands at a time',
    );
  });

  it('reports a row with the wrong number of values', () => {
    expect(parseBrandCsv(csv(HEADER, 'a,Bags,UK')).errors).toEqual([
      { line: 2, column: '', message: 'This row has 3 values but the header has 5 columns' },
    ]);
  });
});

describe('validateBrandRows', () => {
  const row = (values: Record<string, string>, line = 2) => ({
    line,
    values: { name: 'Loom', category: 'Bags', location: 'UK', delivery: 'Local Only', priceCategory: '£', ...values },
  });

  it('turns handles into profile links, splits tags and hashtags, and gives a missing image the placeholder', () => {
    const { brands, errors } = validateBrandRows([
      row({ instagram: '@loom.co', tiktok: '@loom_co', tags: 'handmade | Locally Made', hashtags: 'wool #Slow|#slow  knit' }),
    ]);
    expect(errors).toEqual([]);
    expect(brands[0]).toMatchObject({
      instagramUrl: 'https://www.instagram.com/loom.co/',
      tiktokUrl: 'https://www.tiktok.com/@loom_co',
      websiteUrl: null,
      imageUrl: BRAND_PLACEHOLDER_IMAGE_URL,
      description: '',
      tags: ['Handmade', 'Locally Made'],
      hashtags: ['#wool', '#Slow', '#knit'],
    });
  });

  it('reports each bad cell by line and column, in column order', () => {
    const { brands, errors } = validateBrandRows([
      row({}),
      row({ category: 'Cars', website: 'loom.example', instagram: 'loom', priceCategory: '' }, 3),
    ]);
    expect(brands).toHaveLength(1);
    expect(errors).toEqual([
      { line: 3, column: 'category', message: expect.stringContaining('Category must be one of: Clothing') },
      { line: 3, column: 'priceCategory', message: expect.stringContaining('Price range must be one of') },
      { line: 3, column: 'website', message: 'Website must be a link starting with http:// or https://' },
      { line: 3, column: 'instagram', message: 'Instagram must be a handle like @name or a link starting with http:// or https://' },
    ]);
  });

  it('leaves other links as they are for the URL check', () => {
    expect(socialLink(' https://www.instagram.com/x/ ', 'instagram')).toBe('https://www.instagram.com/x/');
    expect(socialLink('', 'tiktok')).toBeNull();
  });
});

describe('brandCsvTemplate', () => {
  it('has every accepted column and two rows that pass the rules', () => {
    const { rows, errors } = parseBrandCsv(Buffer.from(brandCsvTemplate()));
    expect(errors).toEqual([]);
    expect(Object.keys(rows[0]!.values)).toEqual([...CSV_COLUMNS]);
    const checked = validateBrandRows(rows);
    expect(checked.errors).toEqual([]);
    expect(checked.brands.map((brand) => brand.name)).toEqual(['Loom & Thread', 'Maison Céleste']);
  });
});
