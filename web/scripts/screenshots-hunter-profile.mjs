// Screenshots of the hunter profile form at phone and desktop widths (no services needed): /create-hunter-profile
// empty and after a submit with nothing filled in, and the dashboard's Settings tab once a route renders it.
//   npx vite --port 5195 --strictPort   (in web/), then   node web/scripts/screenshots-hunter-profile.mjs [baseUrl] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:5195';
const out = process.argv[3] ?? '/tmp/shots-hunter-profile';
mkdirSync(out, { recursive: true });

const member = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, instagramUrl: null };
const hunter = {
  id: 12,
  userId: 'u1',
  name: 'Ada Lovelace',
  profileImageUrl: null,
  bio: 'Former buyer for two Milan boutiques, now helping clients build wardrobes that last.',
  specialties: ['Fine Jewelry', 'Haute Couture', 'Vintage Luxury'],
  pricePerSession: 25,
  location: 'Italy',
  availabilityStatus: 'Busy',
  rating: 4.8,
  reviewCount: 12,
  totalSessions: 40,
  adviceTypes: ['Wardrobe Audit', 'Personal Shopping'],
  languages: ['Italian', 'English'],
  yearsExperience: 9,
  featured: false,
  sessionTypes: {
    whatsappVoice: { enabled: true, price: 50, duration: 30 },
    whatsappVideo: { enabled: true, price: 80, duration: 60 },
    inPerson: { enabled: false, price: 150, duration: 90 },
    askQuestion: { enabled: true, price: 25, duration: 15 },
  },
  instagramUrl: 'https://instagram.com/ada',
  createdAt: '2026-03-14T10:00:00.000Z',
  updatedAt: '2026-03-14T10:00:00.000Z',
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});

async function open(width, path, profile) {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
  // Only the gateway's paths: the dev server also serves source files under .../api/.
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/api/auth/user') return route.fulfill({ json: member });
      if (pathname === '/api/hunter-profile') {
        return profile ? route.fulfill({ json: profile }) : route.fulfill({ status: 404, json: { message: 'Hunter not found' } });
      }
      return route.fulfill({ json: [] });
    },
  );
  await page.goto(`${base}${path}`);
  return page;
}

async function shoot(page, name) {
  const file = `${out}/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

try {
  for (const width of [390, 1280]) {
    const page = await open(width, '/create-hunter-profile', null);
    const save = page.getByRole('button', { name: 'Save Changes' });
    await save.waitFor();
    await shoot(page, `create-hunter-profile-empty-${width}`);
    await save.click();
    await page.getByRole('alert').waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await shoot(page, `create-hunter-profile-errors-${width}`);
    await page.close();

    const settings = await open(width, '/hunter-dashboard?tab=settings', hunter);
    try {
      await settings.getByRole('button', { name: 'Save Changes' }).waitFor({ timeout: 5_000 });
      await shoot(settings, `hunter-settings-${width}`);
    } catch {
      console.log(`(no Settings form on /hunter-dashboard?tab=settings yet at ${width} px)`);
    }
    await settings.close();
  }
} finally {
  await browser.close();
}
