// Screenshots of /become-hunter, signed out and signed in, at phone and desktop widths (no services needed):
//   npx vite preview --port 5194 --strictPort   (in web/, after the build), then
//   node web/scripts/screenshots-become-hunter.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:5194';
const out = process.argv[3] ?? '/tmp/shots-become-hunter';
mkdirSync(out, { recursive: true });

const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  instagramUrl: null,
  isAdmin: false,
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const signedIn of [false, true]) {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
    await page.route('**/api/**', (route) => {
      const signedInUser = new URL(route.request().url()).pathname === '/api/auth/user' && signedIn;
      return route.fulfill({
        status: signedInUser ? 200 : 401,
        contentType: 'application/json',
        body: JSON.stringify(signedInUser ? member : { message: 'Unauthorized' }),
      });
    });
    await page.goto(`${base}/become-hunter`);
    await page
      .getByRole('link', { name: signedIn ? 'Create your hunter profile' : 'Sign up / Sign in' })
      .first()
      .waitFor();
    const file = `${out}/become-hunter-${signedIn ? 'member' : 'guest'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
}
await browser.close();
