import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Folders never part of the repository's own text: installs, builds and test output. */
const NOT_SOURCE = new Set([
  'node_modules',
  '.git',
  'dist',
  'test-results',
  'playwright-report',
  'coverage',
  '.hunted',
]);

/** Every file of the repository, relative to ROOT with '/' separators, without installs and build output. */
export function repositoryFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (NOT_SOURCE.has(entry.name)) continue;
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('');
  return files.sort();
}

/** Every Markdown file of the repository: the docs and each package's README. */
export function markdownDocs(): string[] {
  return repositoryFiles().filter((file) => file.endsWith('.md'));
}

export function readDoc(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8');
}

/** A doc's lines outside fenced code blocks (blank inside them, so line numbers stay true). */
export function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** The anchors GitHub gives a doc's headings (github-slugger's rule: lower case, punctuation dropped, spaces to '-'). */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const words = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = words
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Whether `path` (relative to ROOT) is a file or a folder of the repository. */
export function existsInRepository(path: string): boolean {
  const absolute = resolve(ROOT, path);
  if (relative(ROOT, absolute).startsWith('..')) return false;
  return existsSync(absolute) && (statSync(absolute).isFile() || statSync(absolute).isDirectory());
}

/** The folder of a doc, relative to ROOT ('' for the root). */
export function folderOf(doc: string): string {
  const folder = dirname(doc);
  return folder === '.' ? '' : folder.split(sep).join('/');
}
