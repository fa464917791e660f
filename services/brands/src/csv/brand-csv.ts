import {
  BRAND_CSV_LIMITS,
  BRAND_PLACEHOLDER_IMAGE_URL,
  BRAND_VALUE_TAGS,
  brandCsvRowSchema,
  NOT_A_LINK,
  type BrandInput,
  type CsvRowError,
} from '@hunted/contracts';
import { fieldErrorsOfIssues } from '@hunted/platform';
import { CsvError, parse } from 'csv-parse/sync';
import type { BrandFields } from '../brands/brand-values.js';

/** Every column the upload accepts, in the template's order. */
export const CSV_COLUMNS = [
  'name',
  'description',
  'category',
  'location',
  'delivery',
  'priceCategory',
  'website',
  'instagram',
  'tiktok',
  'etsy',
  'imageUrl',
  'tags',
  'hashtags',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ['name', 'category', 'location', 'delivery', 'priceCategory'];

/** A file the upload cannot use at all (not a CSV, wrong header, too big): nothing is read from it. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly rows: CsvRowError[] = [],
  ) {
    super(message);
  }
}

export interface CsvRow {
  /** The file line the row starts on (the header is line 1). */
  line: number;
  values: Partial<Record<CsvColumn, string>>;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const lineBreaksIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;

/** NUL, DEL and the C0 controls other than tab, line feed and carriage return: bytes CSV text never holds. */
const isControlByte = (byte: number) => byte === 0x7f || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);

/** Refuses what is not text: CSV is UTF-8 text without control characters other than tab and line breaks. */
function decodeText(bytes: Buffer): string {
  if (bytes.length === 0) throw new CsvFileError('The CSV file is empty');
  if (bytes.some(isControlByte)) {
    throw new CsvFileError('The file is not a CSV: it contains binary data');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvFileError("The file is not UTF-8 text: save it as 'CSV UTF-8' and upload it again");
  }
}

function columnsOf(header: string[]): CsvColumn[] {
  const byLowerCase = new Map(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
  const unknown: string[] = [];
  const seen = new Set<CsvColumn>();
  const duplicate: string[] = [];
  const columns = header.map((cell) => {
    const column = byLowerCase.get(cell.trim().toLowerCase());
    if (!column) unknown.push(cell.trim());
    else if (seen.has(column)) duplicate.push(column);
    else seen.add(column);
    return column!;
  });
  if (seen.size === 0) {
    throw new CsvFileError(
      `The file is not a brands CSV: its first line must be a header naming the columns, such as ${REQUIRED_CSV_COLUMNS.join(',')}`,
    );
  }
  const problems: CsvRowError[] = [
    ...unknown.map((name) => ({
      line: 1,
      column: name,
      message: `Unknown column "${name}"; the accepted columns are ${CSV_COLUMNS.join(', ')}`,
    })),
    ...duplicate.map((name) => ({ line: 1, column: name, message: `Column ${name} appears more than once` })),
    ...REQUIRED_CSV_COLUMNS.filter((column) => !seen.has(column)).map((column) => ({
      line: 1,
      column,
      message: `Required column ${column} is missing`,
    })),
  ];
  if (problems.length > 0) {
    const missing = REQUIRED_CSV_COLUMNS.filter((column) => !seen.has(column));
    const parts = [
      missing.length ? `missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : '',
      unknown.length ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}` : '',
      duplicate.length ? `repeated column${duplicate.length > 1 ? 's' : ''} ${duplicate.join(', ')}` : '',
    ].filter(Boolean);
    throw new CsvFileError(`The CSV header is not right: ${parts.join('; ')}`, problems);
  }
  return columns;
}

/**
 * Reads an uploaded file into rows keyed by column. File-level problems (not text, not CSV, a bad header, too many
 * rows) throw CsvFileError; a row whose number of values does not match the header is reported with the others.
 */
export function parseBrandCsv(bytes: Buffer, maxRows: number = BRAND_CSV_LIMITS.maxRows): { rows: CsvRow[]; errors: CsvRowError[] } {
  const text = decodeText(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 0;
    throw new CsvFileError(`The file is not a valid CSV: ${error.message}`, [{ line, column: '', message: error.message }]);
  }
  const [header, ...data] = records;
  if (!header) throw new CsvFileError('The CSV file is empty');
  const columns = columnsOf(header.record);
  if (data.length === 0) throw new CsvFileError('The CSV has a header but no brands below it');
  if (data.length > maxRows) {
    throw new CsvFileError(`The CSV has ${data.length} rows; upload at most ${maxRows} brands at a time`);
  }
  const rows: CsvRow[] = [];
  const errors: CsvRowError[] = [];
  for (const { record, info } of data) {
    // info.lines is the line the record ends on; quoted values may span lines.
    const line = info.lines - record.reduce((count, value) => count + lineBreaksIn(value), 0);
    if (record.length !== columns.length) {
      errors.push({
        line,
        column: '',
        message: `This row has ${record.length} values but the header has ${columns.length} columns`,
      });
      continue;
    }
    const values: CsvRow['values'] = {};
    columns.forEach((column, index) => (values[column] = record[index]));
    rows.push({ line, values });
  }
  return { rows, errors };
}

const HANDLE = /^@[A-Za-z0-9._]{1,100}$/;
const SOCIAL_PROFILE = {
  instagram: (handle: string) => `https://www.instagram.com/${handle}/`,
  tiktok: (handle: string) => `https://www.tiktok.com/@${handle}`,
} as const;

/** An Instagram or TikTok cell: a handle ('@loom') becomes the profile's address; anything else is checked as a link. */
export function socialLink(cell: string | undefined, network: keyof typeof SOCIAL_PROFILE): string | null {
  const value = cell?.trim() ?? '';
  if (!value) return null;
  return HANDLE.test(value) ? SOCIAL_PROFILE[network](value.slice(1)) : value;
}

const TAG_BY_LOWER_CASE = new Map<string, string>(BRAND_VALUE_TAGS.map((tag) => [tag.toLowerCase(), tag]));

function splitTags(cell: string | undefined): string[] {
  return (cell ?? '')
    .split('|')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => TAG_BY_LOWER_CASE.get(tag.toLowerCase()) ?? tag);
}

function splitHashtags(cell: string | undefined): string[] {
  return (cell ?? '').split(/[|,\s]+/).filter(Boolean);
}

/** A row as the brand rules see it. Blank optional cells are "not given"; a missing image gets the placeholder. */
export function brandInputOfRow(values: CsvRow['values']): Record<keyof BrandInput, unknown> {
  const text = (column: CsvColumn) => values[column]?.trim() ?? '';
  return {
    name: values.name ?? '',
    description: text('description'),
    category: text('category'),
    location: text('location'),
    delivery: text('delivery'),
    priceCategory: text('priceCategory'),
    imageUrl: text('imageUrl') || BRAND_PLACEHOLDER_IMAGE_URL,
    websiteUrl: text('website') || null,
    instagramUrl: socialLink(values.instagram, 'instagram'),
    tiktokUrl: socialLink(values.tiktok, 'tiktok'),
    etsyUrl: text('etsy') || null,
    tags: splitTags(values.tags),
    hashtags: splitHashtags(values.hashtags),
  };
}

/** Where each brand field comes from in the CSV. */
const COLUMN_OF_FIELD: Record<string, CsvColumn> = {
  name: 'name',
  description: 'description',
  category: 'category',
  location: 'location',
  delivery: 'delivery',
  priceCategory: 'priceCategory',
  imageUrl: 'imageUrl',
  websiteUrl: 'website',
  instagramUrl: 'instagram',
  tiktokUrl: 'tiktok',
  etsyUrl: 'etsy',
  tags: 'tags',
  hashtags: 'hashtags',
};

const HANDLE_MESSAGE = {
  instagram: 'Instagram must be a handle like @name or a link starting with http:// or https://',
  tiktok: 'TikTok must be a handle like @name or a link starting with http:// or https://',
} as const;

function rowErrorsOf(line: number, fieldErrors: Record<string, string>): CsvRowError[] {
  const problems = Object.entries(fieldErrors).map(([field, message]) => {
    const column = COLUMN_OF_FIELD[field] ?? field;
    // A social cell may hold a handle, so "not a link" says so (a too-long link keeps its own message).
    const handleMessage = (column === 'instagram' || column === 'tiktok') && message.endsWith(NOT_A_LINK) ? HANDLE_MESSAGE[column] : undefined;
    return { line, column, message: handleMessage ?? message };
  });
  return problems.sort((a, b) => CSV_COLUMNS.indexOf(a.column as CsvColumn) - CSV_COLUMNS.indexOf(b.column as CsvColumn));
}

/**
 * Checks every row with the brand rules of the member form and the admin console, as `brandCsvRowSchema` relaxes
 * them (a bulk list often has no description or link yet; both can be added later in the admin console). Answers
 * the brands ready to insert, or every problem found, by line and column.
 */
export function validateBrandRows(rows: CsvRow[]): { brands: BrandFields[]; errors: CsvRowError[] } {
  const brands: BrandFields[] = [];
  const errors: CsvRowError[] = [];
  for (const row of rows) {
    const result = brandCsvRowSchema.safeParse(brandInputOfRow(row.values));
    if (result.success) brands.push(result.data);
    else errors.push(...rowErrorsOf(row.line, fieldErrorsOfIssues(result.error.issues)));
  }
  return { brands, errors };
}
