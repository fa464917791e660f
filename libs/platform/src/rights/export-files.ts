import type { DataExportService } from '@hunted/contracts';

/** One file of a service's part of an export: its path in the archive (`<service>/...`), type and bytes. */
export interface ExportFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

/** A JSON file of the part, pretty-printed so a person can read it in any editor. */
export function jsonFile(service: DataExportService, name: string, value: unknown): ExportFile {
  return { path: `${service}/${name}`, contentType: 'application/json', bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) };
}

/** A text file of the part (its README). */
export function textFile(service: DataExportService, name: string, text: string): ExportFile {
  return { path: `${service}/${name}`, contentType: 'text/plain; charset=utf-8', bytes: Buffer.from(text) };
}

/** A stored photo or upload, under the part's folder. */
export function binaryFile(service: DataExportService, name: string, contentType: string, bytes: Buffer): ExportFile {
  return { path: `${service}/${name}`, contentType, bytes };
}

/** The extension a photo's file gets in the archive, from its stored type. */
export function extensionOf(contentType: string): string {
  const subtype = contentType.split('/')[1]?.split(';')[0]?.trim() ?? 'bin';
  return subtype === 'jpeg' ? 'jpg' : subtype.replace(/[^a-z0-9]/g, '') || 'bin';
}
