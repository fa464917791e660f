// `node scripts/og-card.mjs`: renders scripts/og-card.html (1200×630, the Inter typeface the app bundles) to
// web/public/og-card.png, the picture link previews show for pages without one of their own (see gateway/src/pages).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const html = readFileSync(path.join(root, 'scripts/og-card.html'), 'utf8').replaceAll('{{NODE_MODULES}}', pathToFileURL(path.join(root, 'node_modules')).href);
const page = path.join(tmpdir(), 'hunted-og-card.html');
writeFileSync(page, html);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await tab.goto(pathToFileURL(page).href);
  await tab.evaluate('document.fonts.ready');
  await tab.screenshot({ path: path.join(root, 'web/public/og-card.png') });
} finally {
  await browser.close();
}
