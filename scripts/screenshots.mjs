// `node scripts/screenshots.mjs [baseUrl]`: full-page screenshots of the web app's pages at desktop and phone
// widths, signed out and signed in, into .data/screenshots/, for looking at a change before it lands.
// Needs a running system (`npm start`) and Debian's Chromium (CHROME_PATH to use another).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const outDir = path.resolve('.data/screenshots');
mkdirSync(outDir, { recursive: true });

const PAGES = (process.env.PAGES ?? '/,/today,/brands,/faq,/contact,/submit,/saved,/hunters,/edit-profile,/no/such/page')
  .split(',')
  .filter(Boolean);
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function shoot(context, label) {
  const page = await context.newPage();
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const route of PAGES) {
      await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'networkidle' });
      const file = `${label}-${name}-${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}.png`;
      await page.screenshot({ path: path.join(outDir, file), fullPage: true });
      console.log(file);
    }
  }
  await page.close();
}

try {
  await shoot(await browser.newContext(), 'guest');
  const member = await browser.newContext();
  const page = await member.newPage();
  await page.goto(new URL('/api/login', baseUrl).toString());
  await page.locator('input[name="email"]').fill(process.env.SCREENSHOT_EMAIL ?? 'admin@hunted.example');
  await page.locator('input[name="firstName"]').fill('Ada');
  await page.screenshot({ path: path.join(outDir, 'provider-sign-in.png') });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new URL('/', baseUrl).toString());
  await page.close();
  await shoot(member, 'member');
} finally {
  await browser.close();
}
