// Screenshots of issue 36's screens against fixture answers (no services): /edit-profile's email preferences, your
// data (assembling, ready) and the delete dialog (typed, refused), /unsubscribe (off, back on, invalid),
// /account-deleted and the admin's Deletions tab.
//   npx vite --port 5196 --strictPort   (in web/), then   node web/scripts/screenshots-your-data.mjs [baseUrl] [outDir]
// SCENES=admin-deletions,delete-dialog shoots only those.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:5196';
const out = process.argv[3] ?? '/tmp/shots-your-data';
mkdirSync(out, { recursive: true });

const member = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, instagramUrl: null, isAdmin: false };
const admin = { ...member, id: 'a1', email: 'grace@hunted.example', firstName: 'Grace', isAdmin: true };
const services = ['identity', 'brands', 'reviews', 'hunters', 'bookings', 'messaging'];
const hoursAgo = (hours) => new Date(Date.now() - hours * 3_600_000).toISOString();
const anExport = (ready, extra = {}) => ({
  id: 'exp1', status: 'assembling', requestedAt: hoursAgo(0.1), readyAt: null, expiresAt: null,
  parts: services.map((service, index) => ({ service, ready: index < ready })), downloadUrl: null, ...extra,
});
const readyExport = anExport(6, { status: 'ready', readyAt: hoursAgo(0), expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), downloadUrl: '/api/account/data-exports/exp1/archive' });
const preferences = { 'message-nudges': true, 'review-requests': true, 'hunter-edits': false, 'hunters-pick': true, news: false };
const refused = {
  id: 'del1', status: 'refused', requestedAt: hoursAgo(0), blockers: [
    { code: 'upcoming-booking', count: 1, message: 'You have 1 upcoming booking. Cancel it or wait until it has taken place.' },
    { code: 'payout-owed', count: 1, message: 'You are still owed 1 payout. It is paid within 7 days of the session.' },
  ],
};
const row = (id, status, hours, erased, retries = 0) => ({
  id, userId: `user-${id}`, status, requestedAt: hoursAgo(hours), completedAt: status === 'done' ? hoursAgo(hours - 0.05) : null,
  services: ['brands', 'reviews', 'hunters', 'bookings', 'messaging'].map((service) => ({ service, erasedAt: erased.includes(service) ? hoursAgo(hours - 0.01) : null })),
  retries,
});
const deletions = [
  row('d3', 'erasing', 2, ['brands', 'reviews', 'bookings'], 1),
  row('d2', 'checking', 0.2, []),
  row('d1', 'done', 30, ['brands', 'reviews', 'hunters', 'bookings', 'messaging']),
  row('d0', 'refused', 50, []),
];
const unsubscribed = { kind: 'message-nudges', label: 'Message nudges', subscribed: false };

/** The fixture answers; `scene` changes the few that differ. */
function answer(url, method, scene) {
  const { pathname } = new URL(url);
  const who = scene.who === undefined ? member : scene.who;
  if (pathname === '/api/auth/user') return who ? [200, who] : [401, { message: 'Unauthorized' }];
  if (pathname === '/api/email-preferences') return [200, { preferences }];
  if (pathname === '/api/account/data-exports/current') return [200, { export: scene.export ?? null }];
  if (pathname === '/api/account/deletion' && method === 'POST') return [201, { ...refused, status: 'checking', blockers: [] }];
  if (pathname === '/api/account/deletion') return [200, { deletion: refused }];
  if (pathname === '/api/admin/deletions') return [200, { deletions }];
  if (pathname === '/api/admin/brands') return [200, []];
  if (pathname === '/api/email-preferences/unsubscribe') return scene.invalid ? [400, { message: 'invalid' }] : [200, unsubscribed];
  if (pathname === '/api/email-preferences/resubscribe') return [200, { ...unsubscribed, subscribed: true }];
  return [404, { message: 'Not found' }];
}

const section = (name) => (page) => page.getByRole('region', { name }).scrollIntoViewIfNeeded();
const openDelete = async (page, email) => {
  await page.getByRole('region', { name: 'Delete my account' }).getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Type your email to confirm').fill(email);
};
const scenes = [
  ['edit-profile-full', '/edit-profile', { export: anExport(3) }, async () => {}, true],
  ['email-preferences', '/edit-profile#email-preferences', {}, section('Email preferences')],
  ['your-data-assembling', '/edit-profile#your-data', { export: anExport(3) }, section('Your data')],
  ['your-data-ready', '/edit-profile#your-data', { export: readyExport }, section('Your data')],
  ['your-data-start', '/edit-profile#your-data', {}, section('Your data')],
  ['delete-dialog', '/edit-profile', {}, (page) => openDelete(page, 'ADA@example.com')],
  ['delete-refused', '/edit-profile', {}, async (page) => {
    await openDelete(page, 'ada@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account cannot be deleted yet').waitFor({ timeout: 5000 });
  }],
  ['unsubscribe-guest', '/unsubscribe?token=u1.message-nudges.sig', { who: null }, (page) => page.getByText("You won't get").waitFor()],
  ['unsubscribe-back-on', '/unsubscribe?token=u1.message-nudges.sig', {}, async (page) => {
    await page.getByRole('button', { name: 'Turn them back on' }).click();
    await page.getByText('emails are back on.').waitFor();
  }],
  ['unsubscribe-invalid', '/unsubscribe?token=forged', { who: null, invalid: true }, (page) => page.getByText('This link is not valid').first().waitFor()],
  ['account-deleted', '/account-deleted', { who: null }, async () => {}],
  ['admin-deletions', '/admin', { who: admin }, async (page) => {
    await page.getByRole('tab', { name: 'Deletions' }).click();
    await page.getByRole('table', { name: 'Account deletions' }).waitFor();
  }],
];

const only = process.env.SCENES?.split(',');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, height, label] of [[1366, 900, 'desktop'], [390, 844, 'phone']]) {
  for (const [name, path, scene, act, full = false] of scenes.filter(([name]) => !only || only.includes(name))) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
    await page.route((url) => url.pathname.startsWith('/api/'), (route) => {
      const [status, body] = answer(route.request().url(), route.request().method(), scene);
      return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await act(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: full });
    await page.close();
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
