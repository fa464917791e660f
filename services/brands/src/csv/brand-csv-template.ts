import { CSV_COLUMNS, type CsvColumn } from './brand-csv.js';

export const CSV_TEMPLATE_FILENAME = 'hunted-brands-template.csv';

/** Two brands showing each column: handles and a missing image in the first, full links in the second. */
const EXAMPLES: Record<CsvColumn, string>[] = [
  {
    name: 'Loom & Thread',
    description: 'Hand-woven scarves and throws from a small mill in Leeds, dyed with plants.',
    category: 'Accessories',
    location: 'UK',
    delivery: 'Europe Wide',
    priceCategory: '££',
    website: 'https://loomandthread.example.com',
    instagram: '@loomandthread',
    tiktok: '@loomandthread',
    etsy: '',
    imageUrl: '',
    tags: 'Handmade|Locally Made|Sustainable Packaging',
    hashtags: '#slowfashion #wool',
  },
  {
    name: 'Maison Céleste',
    description: 'Recycled-silver rings and earrings, made to order in a Lyon workshop.',
    category: 'Jewellery',
    location: 'France',
    delivery: 'International',
    priceCategory: '£££',
    website: '',
    instagram: 'https://www.instagram.com/maisonceleste/',
    tiktok: '',
    etsy: 'https://www.etsy.com/shop/MaisonCeleste',
    imageUrl: 'https://example.com/images/maison-celeste.jpg',
    tags: 'Skilled Artisan|Ethical Supply Chain',
    hashtags: '#recycledsilver|#madetoorder',
  },
];

function cell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The CSV template: every column the upload accepts and two example rows, which upload as they are. It starts
 * with a byte order mark so spreadsheet programs open it as UTF-8; the upload ignores the mark.
 */
export function brandCsvTemplate(): string {
  const lines = [CSV_COLUMNS.join(','), ...EXAMPLES.map((row) => CSV_COLUMNS.map((column) => cell(row[column])).join(','))];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
