#!/usr/bin/env node
// Runs after `vite build` and the shell's own server build (`vite build --ssr src/app/shell.tsx`): writes the app's
// first frame (src/app/shell.tsx) into dist/index.html's empty #root, so the page paints before its scripts run.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

const INDEX = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const SHELL_BUILD = fileURLToPath(new URL('../dist-shell/', import.meta.url));
const EMPTY_ROOT = '<div id="root"></div>';

const { renderShell } = await import(pathToFileURL(`${SHELL_BUILD}shell.js`).href);
const shell = renderShell();
const html = await readFile(INDEX, 'utf8');
if (!html.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to write the shell into`);
await writeFile(INDEX, html.replace(EMPTY_ROOT, `<div id="root">${shell}</div>`));
await rm(SHELL_BUILD, { recursive: true, force: true });
console.log(`app shell: ${shell.length} characters written into index.html's #root`);
