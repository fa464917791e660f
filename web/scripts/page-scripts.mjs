#!/usr/bin/env node
// Runs after `vite build`: lists, for each page whose code loads when it is opened (src/app/page-modules.ts), the
// scripts that page needs beyond the entry's own, into dist/page-scripts.json ({ "<page name>": ["/assets/…js"] }).
// The gateway preloads them at low priority in that page's head, so a phone fetches the page's code while the entry
// loads rather than after it has run (issue 23). Vite's manifest, which this reads, is then removed from dist: the
// gateway serves dist, and the manifest is of no use to a browser.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const MANIFEST_DIR = `${WEB}dist/.vite`;
const manifest = JSON.parse(await readFile(`${MANIFEST_DIR}/manifest.json`, 'utf8'));
const table = await readFile(`${WEB}src/app/page-modules.ts`, 'utf8');

/** A module specifier as written in src/app (`@/…` or `./…`) as the manifest's key, `src/…/x.tsx`. */
function manifestKey(specifier) {
  const base = specifier.startsWith('@/') ? `src/${specifier.slice(2)}` : `src/app/${specifier.replace(/^\.\//, '')}`;
  const found = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find((key) => key in manifest);
  if (found) return found;
  // A page module that other chunks import too is keyed by its chunk ('_contact-page-….js'), named after the file.
  const name = base.split('/').pop();
  const chunks = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key].name === name);
  if (chunks.length !== 1) throw new Error(`page-scripts: ${specifier} (src/app/page-modules.ts) is not in Vite's manifest`);
  return chunks[0];
}

/** A chunk and every chunk it imports statically, as manifest keys. */
function withImports(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withImports(imported, into);
  return into;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error("page-scripts: Vite's manifest names no entry");
const entryChunks = withImports(entry);
const pages = {};
for (const [, page, specifier] of table.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\),$/gm)) {
  pages[page] = [...withImports(manifestKey(specifier))]
    .filter((key) => !entryChunks.has(key))
    .map((key) => `/${manifest[key].file}`);
}
const written = Object.keys(pages).length;
const code = table.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
const declared = (code.match(/import\(/g) ?? []).length;
if (written === 0 || written !== declared) {
  throw new Error(`page-scripts: read ${written} of the ${declared} pages in src/app/page-modules.ts (one per line?)`);
}
await writeFile(`${WEB}dist/page-scripts.json`, `${JSON.stringify(pages, null, 2)}\n`);
await rm(MANIFEST_DIR, { recursive: true, force: true });
console.log(`page scripts: ${written} pages listed in dist/page-scripts.json`);
