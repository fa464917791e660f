#!/usr/bin/env node
// Runs after `vite build` and the shell's own server build (`vite build --ssr src/app/shell.tsx`):
// - writes the app's first frame (src/app/shell.tsx) into dist/index.html's empty #root, between two comments, so
//   the page paints before its scripts run;
// - writes each static page's own first frame into dist/page-bodies.json ({ "<page name>": "<html>" }), which the
//   gateway serves in #root in place of the frame (gateway/src/pages/page-document.ts).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const INDEX = `${DIST}index.html`;
const SHELL_BUILD = fileURLToPath(new URL('../dist-shell/', import.meta.url));
const EMPTY_ROOT = '<div id="root"></div>';
// The gateway finds the frame between these (PAGE_BODY_START/END in page-document.ts); React clears them with it.
const BODY_START = '<!-- page-body -->';
const BODY_END = '<!-- /page-body -->';

// React 19 writes a component's <title> where it stands; the gateway writes each page's title in the head.
const withoutTitles = (html) => html.replace(/<title>[^<]*<\/title>/g, '');

const { renderShell, renderStaticPages } = await import(pathToFileURL(`${SHELL_BUILD}shell.js`).href);
const shell = withoutTitles(renderShell());
const html = await readFile(INDEX, 'utf8');
if (!html.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to write the shell into`);
await writeFile(INDEX, html.replace(EMPTY_ROOT, `<div id="root">${BODY_START}${shell}${BODY_END}</div>`));
const pages = Object.fromEntries(Object.entries(await renderStaticPages()).map(([name, body]) => [name, withoutTitles(body)]));
await writeFile(`${DIST}page-bodies.json`, `${JSON.stringify(pages)}\n`);
await rm(SHELL_BUILD, { recursive: true, force: true });
console.log(
  `app shell: ${shell.length} characters written into index.html's #root; static pages: ${Object.keys(pages).join(', ')}`,
);
