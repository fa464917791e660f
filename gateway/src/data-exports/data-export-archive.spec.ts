import { DATA_EXPORT_SERVICES, type DataExportPart, type DataExportService } from '@hunted/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PartUnavailableError, zipOf } from './data-export-archive.js';

function part(service: DataExportService, files: Record<string, string>): DataExportPart {
  return {
    exportId: 'e',
    service,
    files: Object.entries(files).map(([path, text]) => ({ path, contentType: 'text/plain', base64: Buffer.from(text).toString('base64') })),
  };
}

describe("the archive's zip", () => {
  it('puts each part under its folder and sums each folder up from its README first line, else a fixed sentence', () => {
    const parts = DATA_EXPORT_SERVICES.map((service) =>
      service === 'brands' ? part(service, { 'brands/votes.json': '[]' }) : part(service, { [`${service}/README.md`]: `# What ${service} holds\n\nmore` }),
    );
    const files = unzipSync(zipOf(parts));
    expect(Object.keys(files)).toContain('brands/votes.json');
    const readme = Buffer.from(files['README.md']!).toString('utf8');
    expect(readme).toContain('## reviews/\n\nWhat reviews holds\n');
    expect(readme).toContain('## brands/\n\nBrands: the brands you submitted');
  });

  it("refuses a part naming a file outside its own folder: nothing lands in another service's", () => {
    expect(() => zipOf([part('brands', { 'identity/account.json': '{}' })])).toThrow(PartUnavailableError);
    expect(() => zipOf([part('brands', { 'brands/../README.md': 'x' })])).toThrow(PartUnavailableError);
  });
});
