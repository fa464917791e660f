import { expect, test, type APIRequestContext, type Page } from './support/accessibility.js';
import { DEFAULT_SESSION_TYPES, type Hunter, type HunterInput, type HunterLanguage, type SessionTypes } from '@hunted/contracts';
import { E2E_BASE_URL } from './support/system.js';
import { ADMIN_EMAIL, approveHunter, RUN, screenshot, signedInContext } from './support/journey.js';

// Five hunters, each made by its own member through the API. Every name and bio carries this run's word, so a
// search for it finds exactly these five whatever other journeys add; the filters and sorts then narrow them.
const WORD = `atelier${RUN}`;

/** Session types whose lowest enabled price is `price` (the listing's pricePerSession). */
function pricedAt(price: number): SessionTypes {
  return {
    ...DEFAULT_SESSION_TYPES,
    whatsappVoice: { enabled: true, price, duration: 30 },
    whatsappVideo: { enabled: true, price: price + 40, duration: 60 },
    askQuestion: { enabled: false, price: 25, duration: 15 },
  };
}

const LONG_BIO =
  'I spent a decade dressing for Stockholm winters before I learned to dress for the rest of the year. ' +
  'These days I help people build a small wardrobe of pieces made to last, from repaired wool coats to shoes ' +
  `resoled three times over, and I will show you where to find them. ${WORD}`;

const hunters: Record<string, Omit<HunterInput, 'name' | 'bio' | 'languages'> & { bio?: string }> = {
  Alba: { location: 'UK', specialties: ['Footwear'], adviceTypes: ['Personal Shopping'], yearsExperience: 3, sessionTypes: pricedAt(30) },
  Bruno: {
    location: 'Italy',
    specialties: ['Luxury Fashion', 'Footwear'],
    adviceTypes: ['Wardrobe Audit'],
    yearsExperience: 12,
    availabilityStatus: 'Busy',
    sessionTypes: pricedAt(45),
  },
  Clara: {
    location: 'Italy',
    specialties: ['Vintage Luxury'],
    adviceTypes: ['Personal Shopping', 'Color Analysis'],
    yearsExperience: 7,
    sessionTypes: pricedAt(80),
  },
  Dario: {
    location: 'France',
    specialties: ['Fine Jewelry'],
    adviceTypes: ['Event Styling'],
    yearsExperience: 20,
    availabilityStatus: 'Unavailable',
    sessionTypes: pricedAt(150),
  },
  Elin: {
    location: 'Sweden',
    specialties: ['Sustainable Fashion', 'Footwear'],
    adviceTypes: ['Wardrobe Audit'],
    yearsExperience: 1,
    bio: LONG_BIO,
    sessionTypes: pricedAt(25),
  },
};

/** Who speaks what besides English: the "Speaks" filter narrows the five to these. */
const SPEAKS: Record<string, HunterLanguage[]> = { Bruno: ['English', 'Italian'], Clara: ['Italian', 'English'] };

const made = new Map<string, Hunter>();

async function createHunter(member: APIRequestContext, input: HunterInput): Promise<Hunter> {
  // In pounds whatever the location (each would price in its own currency otherwise, decision 0105): the bands and
  // sorts below are read in pounds.
  const response = await member.post('/api/hunters', { data: { currency: 'GBP', ...input }, headers: { origin: E2E_BASE_URL } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Hunter;
}

test.beforeAll(async ({ browser }) => {
  // A new profile waits for the concierge team: an admin approves each before it is listed.
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  for (const [first, input] of Object.entries(hunters)) {
    const member = await signedInContext(browser, `hunter-${first.toLowerCase()}-${RUN}@example.test`, first);
    const hunter = await createHunter(member.request, {
      ...input,
      name: `${first} ${WORD}`,
      bio: input.bio ?? `${first} finds independent labels for clients across Europe. ${WORD}`,
      languages: SPEAKS[first] ?? ['English'],
    });
    await approveHunter(admin.request, hunter.id);
    made.set(first, hunter);
    await member.close();
  }
  await admin.close();
});

const count = (page: Page) => page.getByText(/^\d+ hunters available$/);
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
const firstNames = async (page: Page) => (await cardNames(page)).map((name) => name.split(' ')[0]);

test('a guest finds hunters by search, each filter and each sort, reads a whole bio, and Book Now signs them in to the schedule', async ({ page }) => {
  await page.goto('/book-a-hunter');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Hunter' })).toBeVisible();

  await page.getByPlaceholder('Search by name or keyword').fill(WORD);
  await expect(count(page)).toHaveText('5 hunters available');
  await expect(page).toHaveURL(new RegExp(`search=${WORD}`));

  // Filters panel: a toggle on a phone, always open on a wide screen.
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const filterToggle = page.getByRole('button', { name: 'Show Filters' });
  if (!(await filters.isVisible())) await filterToggle.click();

  await filters.getByLabel('Location').selectOption('Italy');
  await expect(count(page)).toHaveText('2 hunters available');
  await filters.getByLabel('Price per session').selectOption('40-60');
  await expect(count(page)).toHaveText('1 hunters available');
  expect(await firstNames(page)).toEqual(['Bruno']);
  await expect(page).toHaveURL(/location=Italy/);
  await expect(page).toHaveURL(/price=40-60/);

  // Reset clears the search too; the search brings back this run's five.
  const search = page.getByPlaceholder('Search by name or keyword');
  await filters.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(search).toHaveValue('');
  await expect(filters.getByLabel('Location')).toHaveValue('all');
  await search.fill(WORD);
  await expect(count(page)).toHaveText('5 hunters available');
  await filters.getByLabel('Specialty').selectOption('Footwear');
  await expect(count(page)).toHaveText('3 hunters available');
  await filters.getByLabel('Service').selectOption('Wardrobe Audit');
  await expect(count(page)).toHaveText('2 hunters available');
  expect((await firstNames(page)).sort()).toEqual(['Bruno', 'Elin']);

  // The boundary of a band is half-open: £60 and up is the next band, so £100+ holds only Dario's £150.
  await filters.getByLabel('Specialty').selectOption('all');
  await filters.getByLabel('Service').selectOption('all');
  await filters.getByLabel('Price per session').selectOption('100+');
  await expect(count(page)).toHaveText('1 hunters available');
  expect(await firstNames(page)).toEqual(['Dario']);
  await filters.getByLabel('Price per session').selectOption('all');
  await expect(count(page)).toHaveText('5 hunters available');

  // "Speaks" (issue 39): the hunters who list the language, kept in the address.
  await filters.getByLabel('Speaks').selectOption('Italian');
  await expect(count(page)).toHaveText('2 hunters available');
  await expect(page).toHaveURL(/language=Italian/);
  expect((await firstNames(page)).sort()).toEqual(['Bruno', 'Clara']);
  await screenshot(page, 'book-a-hunter-speaks');
  await filters.getByLabel('Speaks').selectOption('all');
  await expect(count(page)).toHaveText('5 hunters available');

  await filters.getByLabel('Sort by').selectOption('price-low');
  await expect.poll(() => firstNames(page)).toEqual(['Elin', 'Alba', 'Bruno', 'Clara', 'Dario']);
  await filters.getByLabel('Sort by').selectOption('price-high');
  await expect.poll(() => firstNames(page)).toEqual(['Dario', 'Clara', 'Bruno', 'Alba', 'Elin']);
  await filters.getByLabel('Sort by').selectOption('experience');
  await expect.poll(() => firstNames(page)).toEqual(['Dario', 'Bruno', 'Clara', 'Alba', 'Elin']);
  // With no sessions yet, 'Most sessions' falls back to the oldest profile first, the same order on every visit.
  await filters.getByLabel('Sort by').selectOption('sessions');
  await expect.poll(() => firstNames(page)).toEqual(['Alba', 'Bruno', 'Clara', 'Dario', 'Elin']);
  await expect(page).toHaveURL(/sort=sessions/);

  // The address keeps the whole view: a reload shows the same list.
  await page.reload();
  await expect(count(page)).toHaveText('5 hunters available');
  await expect.poll(() => firstNames(page)).toEqual(['Alba', 'Bruno', 'Clara', 'Dario', 'Elin']);

  const elin = page.getByRole('article').filter({ hasText: `Elin ${WORD}` });
  await expect(elin.getByText('from £25 per session')).toBeVisible();
  await elin.getByRole('button', { name: 'View more' }).click();
  await expect(elin.getByRole('button', { name: 'View less' })).toHaveAttribute('aria-expanded', 'true');
  await expect(elin.getByText(/resoled three times over/)).toBeVisible();

  // An Unavailable hunter cannot be booked; the others can.
  const dario = page.getByRole('article').filter({ hasText: `Dario ${WORD}` });
  await expect(dario.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  await expect(dario.getByText('Unavailable', { exact: true })).toBeVisible();

  const clara = made.get('Clara')!;
  await page.getByRole('link', { name: `Book Now with Clara ${WORD}` }).click();
  // A guest goes through the real OpenID Provider's sign-in and comes back to the hunter's schedule.
  await page.locator('input[name="email"]').fill(`guest-booker-${RUN}@example.test`);
  await page.locator('input[name="firstName"]').fill('Gus');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/book-session/${clara.id}$`));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Gus' })).toBeVisible();
});
