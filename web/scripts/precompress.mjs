#!/usr/bin/env node
// Runs after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset in dist, at the
// strongest levels (done once per build, not per request). The gateway serves the copy the browser accepts
// (@fastify/static's preCompressed, with `Vary: Accept-Encoding`), and the file itself to a client that takes
// neither. Source maps are left alone (only developer tools fetch them); images and fonts are compressed already.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Smaller files gain less than the headers of a second request cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

let before = 0;
let brotli = 0;
let gzip = 0;
let count = 0;
for await (const file of filesUnder(DIST)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const br = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  const gz = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  before += content.length;
  brotli += br.length;
  gzip += gz.length;
  count += 1;
}
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
console.log(`precompressed ${count} files: ${kb(before)} -> ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
