import { expect, test } from './support/accessibility.js';
import {
  EXPRESS_REQUEST,
  AVAILABILITY_SLOTS,
  bookingQuestionAbout,
  DEFAULT_SESSION_TYPES,
  HUNTER_EDIT_LIMITS,
  inHuntersEditsText,
  type Brand,
  type BookingDetail,
  type HunterBooking,
  type HunterInput,
  type OwnHunter,
  type SharedStylePassport,
  type WeeklyHours,
} from '@hunted/contracts';
import {
  ADMIN_EMAIL,
  approveWithPayouts,
  bookPaidSession,
  brandInput,
  createBrand,
  moveClock,
  RUN,
  screenshot,
  signedInContext,
  signIn,
  waitForEmail,
} from './support/journey.js';
import { E2E_BASE_URL, E2E_TIME_ZONE } from './support/system.js';

// Where the directory meets the hunters (issue 25): after a held session the hunter sends the client an edit of three
// brands; the client saves them all and lets the hunter publish it; a brand page then shows the hunter and "In 1
// hunters' edits"; a second client books from that page with the question pre-filled, sharing part of their style
// passport, which the hunter reads as shared; and the admins' rota makes the hunter today's Hunter's Pick on /today.
const hunter = { email: `edit-hunter-${RUN}@example.test`, firstName: 'Iris' };
const client = { email: `edit-client-${RUN}@example.test`, firstName: 'Cleo' };
const secondClient = { email: `edit-second-${RUN}@example.test`, firstName: 'Dara' };
const hunterName = `Iris Edit ${RUN}`;
const EDIT_TITLE = `Winter layers ${RUN}`;
const PICK_NOTE = `Hand-thrown and built to last.\nThe speckled mugs sell out first. ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };
const writes = { headers: { origin: E2E_BASE_URL } };
const DAY_MS = 86_400_000;

const profile: HunterInput = {
  name: hunterName,
  bio: `Knitwear, coats and the independents who make them. ${RUN}`,
  location: 'UK',
  specialties: ['Sustainable Fashion'],
  adviceTypes: ['Style Consultation'],
  languages: ['English'],
  yearsExperience: 8,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

test.afterAll(async () => {
  await moveClock(0);
});

test("an edit joins the directory to the hunter: saved, published, on the brand page, booked from it with a passport, the Hunter's Pick, and the consent withdrawn", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const brands: Brand[] = [];
  for (const [name, category] of [
    [`Fen Knitwear ${RUN}`, 'Clothing'],
    [`Kiln Mugs ${RUN}`, 'Home'],
    [`Tarn Boots ${RUN}`, 'Shoes'],
  ] as const) {
    brands.push(await createBrand(admin.request, brandInput(name, { category })));
  }
  const [fen, kiln, tarn] = brands as [Brand, Brand, Brand];

  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const own = (await created.json()) as OwnHunter;
  expect((await hunterPage.request.put('/api/hunter-availability/weekly', { data: everyDay, ...writes })).status()).toBe(200);
  await approveWithPayouts(browser, hunterPage.request, own.id);

  // A first client books a session next week; the clock moves past it, so bookings completes it: a held session.
  const clientContext = await signedInContext(browser, client.email, client.firstName);
  const clientPage = await clientContext.newPage();
  const first = await bookPaidSession(clientPage.request, own.id);
  await moveClock(15 * DAY_MS);

  // The hunter sends the client an edit of the three brands, each picked by search, from the dashboard.
  // Bookings' sweep completes the session once the moved clock is past its end; the dashboard then offers an edit.
  await expect
    .poll(async () => ((await (await hunterPage.request.get('/api/hunter-bookings')).json()) as HunterBooking[]).find((booking) => booking.id === first.id)?.status, {
      timeout: 30_000,
    })
    .toBe('completed');
  await hunterPage.goto('/hunter-dashboard');
  const row = hunterPage.getByRole('listitem', { name: `WhatsApp Video Call with ${client.firstName}` }).first();
  await expect(row.getByRole('button', { name: 'Send an edit' })).toBeVisible();
  await row.getByRole('button', { name: 'Send an edit' }).click();
  const composer = hunterPage.getByTestId('hunter-edit-composer');
  await composer.getByLabel('Title').fill(EDIT_TITLE);
  await composer.getByLabel('Note').fill('Three pieces for a cold, wet season, all from small studios.');
  // The composer opens with as many items as an edit needs at least: one per brand here.
  const items = composer.getByRole('combobox', { name: 'Brand' });
  await expect(items).toHaveCount(HUNTER_EDIT_LIMITS.minItems);
  for (const [index, brand] of brands.slice(0, HUNTER_EDIT_LIMITS.minItems).entries()) {
    await items.nth(index).fill(brand.name);
    await hunterPage.getByRole('option', { name: new RegExp(brand.name) }).click();
    await composer.getByLabel('Item name').nth(index).fill(`Piece ${index + 1}`);
    await composer.getByLabel('Why').nth(index).fill(`Made to last: piece ${index + 1}.`);
  }
  await screenshot(hunterPage, 'edit-composer');
  await composer.getByRole('button', { name: 'Send edit' }).click();
  await expect(row.getByText('Edit sent')).toBeVisible();
  await moveClock(0);

  // The client hears of it by email, finds it on My bookings and saves all three brands at once.
  await waitForEmail(client.email, `${hunterName} sent you an edit: ${EDIT_TITLE}`);
  await clientPage.goto('/my-bookings');
  const edit = clientPage.getByTestId('received-edit').filter({ hasText: EDIT_TITLE });
  await expect(edit.getByRole('link', { name: new RegExp(fen.name) }).first()).toHaveAttribute('href', new RegExp(`/brand/${fen.id}`));
  await edit.getByRole('button', { name: 'Save all brands' }).click();
  await expect(edit.getByText('Saved to your favourites')).toBeVisible();
  const saved = (await (await clientPage.request.get('/api/saved-brands')).json()) as Brand[];
  expect(saved.map((brand) => brand.id)).toEqual(expect.arrayContaining([fen.id, kiln.id, tarn.id]));

  // The hunter asks once to publish it; the client agrees.
  await hunterPage.reload();
  await row.getByRole('button', { name: 'Ask to publish' }).click();
  await expect(row.getByText('Publish requested')).toBeVisible();
  await clientPage.reload();
  await expect(edit.getByText(`${hunterName} would like to publish this edit on their public page.`)).toBeVisible();
  await screenshot(clientPage, 'my-bookings-edit');
  await edit.getByRole('button', { name: 'Allow' }).click();
  await expect(edit.getByRole('button', { name: 'Allow' })).toBeHidden();

  // A guest on the brand page: the hunter knows this brand, and one hunter's edit names it.
  const guest = await browser.newContext({ baseURL: E2E_BASE_URL, timezoneId: E2E_TIME_ZONE });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/brand/${fen.id}`);
  const knowers = guestPage.getByTestId('hunters-who-know-brand');
  await expect(knowers.getByText(hunterName)).toBeVisible();
  await expect(guestPage.getByText(inHuntersEditsText(1))).toBeVisible();
  await expect(guestPage.getByTestId('brand-hunter-edits').getByText(EDIT_TITLE)).toBeVisible();
  await screenshot(guestPage, 'brand-hunters-who-know');
  // The hunter's public page carries the published edit; /book-a-hunter finds the hunter by the brand and its values.
  await guestPage.getByTestId('brand-hunter-edits').getByRole('link', { name: hunterName }).first().click();
  await expect(guestPage.getByRole('region', { name: 'Edits' }).getByText(EDIT_TITLE)).toBeVisible();
  await guestPage.goto(`/book-a-hunter?brand=${fen.id}`);
  await expect(guestPage.getByText(hunterName).first()).toBeVisible();
  await guestPage.goto('/book-a-hunter?valueTag=Handmade');
  await expect(guestPage.getByText(hunterName).first()).toBeVisible();

  // A second client with a taste on record (one saved brand, one vote) books from the brand page.
  await page.goto('/');
  await signIn(page, secondClient.email, secondClient.firstName);
  expect((await page.request.post(`/api/brands/${kiln.id}/save`, writes)).ok()).toBe(true);
  expect((await page.request.post(`/api/brands/${tarn.id}/vote`, writes)).ok()).toBe(true);
  await page.goto(`/brand/${fen.id}`);
  await page.getByTestId('hunters-who-know-brand').getByRole('link', { name: `Book a session about ${fen.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/book-session/${own.id}\\?about=${fen.id}$`));
  await expect(page.getByLabel('Your question')).toHaveValue(bookingQuestionAbout(fen.name));
  await page.getByLabel('Service type').selectOption('whatsappVideo');
  const slot = page.getByRole('button', { name: / at \d\d:\d\d$/ }).first();
  await expect(async () => {
    if (!(await slot.isVisible())) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(slot).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await slot.click();
  // The passport shows exactly what would be shared; the client keeps their votes to themselves.
  const passport = page.getByTestId('style-passport-choice');
  await expect(passport.getByRole('link', { name: new RegExp(kiln.name) })).toBeVisible();
  await expect(passport.getByRole('link', { name: new RegExp(tarn.name) })).toBeVisible();
  await passport.getByRole('switch', { name: 'Brands you voted for' }).click();
  await expect(passport.getByRole('switch', { name: 'Brands you voted for' })).toHaveAttribute('aria-checked', 'false');
  await screenshot(page, 'book-session-passport');
  // Within the 14-day cancellation period: the express request (decision 0102).
  await page.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Simulate Successful Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const second = (
    (await (await page.request.get('/api/my-bookings')).json()) as (BookingDetail & { hunterId: number })[]
  ).find((booking) => booking.hunterId === own.id)!;

  // The hunter reads the passport as it was shared: the saved brand, not the vote; and the question.
  await expect(async () => {
    const response = await hunterPage.request.get(`/api/style-passports/${second.id}`);
    expect(response.status()).toBe(200);
    const shared = (await response.json()) as SharedStylePassport;
    expect(shared.passport.savedBrands?.map((brand) => brand.id)).toEqual([kiln.id]);
    expect(shared.passport.votedBrands).toBeNull();
  }).toPass({ timeout: 15_000 });
  await hunterPage.goto('/hunter-dashboard');
  const secondRow = hunterPage.getByRole('listitem', { name: `WhatsApp Video Call with ${secondClient.firstName}` }).first();
  await expect(secondRow).toContainText(bookingQuestionAbout(fen.name));
  await secondRow.getByRole('button', { name: 'Style passport' }).click();
  const passportDialog = hunterPage.getByRole('dialog', { name: new RegExp(`${secondClient.firstName}.*style passport`) });
  await expect(passportDialog.getByRole('region', { name: 'Brands they saved' }).getByRole('link', { name: new RegExp(kiln.name) })).toBeVisible();
  await expect(passportDialog.getByRole('region', { name: 'Brands they voted for' })).toHaveCount(0);
  await screenshot(hunterPage, 'hunter-passport');
  await passportDialog.getByRole('button', { name: 'Close' }).click();
  expect(first.id).not.toBe(second.id);

  // The admins put the hunter on the Hunter's Pick rota; today is theirs, and they pick from the dashboard.
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: "Hunter's Pick" }).click();
  await adminPage.getByLabel('Search approved hunters').fill(hunterName);
  await adminPage.getByRole('button', { name: `Add ${hunterName} to the rota` }).click();
  await adminPage.getByRole('button', { name: 'Save rota' }).click();
  await expect(adminPage.getByText(new RegExp(`Today ${hunterName} picks`))).toBeVisible();
  await hunterPage.goto('/hunter-dashboard');
  const pickCard = hunterPage.getByTestId('pick-of-the-day');
  await pickCard.getByRole('combobox', { name: 'Brand' }).fill(kiln.name);
  await hunterPage.getByRole('option', { name: new RegExp(kiln.name) }).click();
  await pickCard.getByLabel('Your note').fill(PICK_NOTE);
  await pickCard.getByRole('button', { name: 'Publish my pick' }).click();
  await expect(hunterPage.getByText('Your pick is on Today').first()).toBeVisible();

  // /today shows the pick beside the crowd's #1, and its share preview names it.
  await expect(async () => {
    await guestPage.goto('/today');
    await expect(guestPage.getByTestId('hunter-pick').getByRole('link', { name: kiln.name })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(guestPage.getByTestId('hunter-pick').getByRole('link', { name: new RegExp(`Picked by ${hunterName}`) })).toBeVisible();
  // Side by side: the pick and the crowd's #1 (the featured brand) share one row.
  const besideFeatured = guestPage.locator('div', { has: guestPage.getByTestId('hunter-pick') }).filter({
    has: guestPage.getByRole('heading', { name: 'Featured Brand of the Day' }),
  });
  await expect(besideFeatured.last()).toBeVisible();
  await screenshot(guestPage, 'today-hunter-pick');
  await expect(async () => {
    const html = await (await guestPage.request.get('/today')).text();
    expect(html).toContain(`Hunter&#39;s Pick: ${kiln.name.replace(/&/g, '&amp;')}, chosen by ${hunterName}`);
  }).toPass({ timeout: 45_000 });

  // The first client changes their mind (issue 35): 'Withdraw consent', asked first, takes the edit off the brand page.
  await clientPage.goto('/my-bookings#edits');
  const published = clientPage.getByTestId('received-edit').filter({ hasText: EDIT_TITLE });
  await published.getByRole('button', { name: 'Withdraw consent' }).click();
  const confirmWithdrawal = clientPage.getByRole('alertdialog', { name: 'Withdraw your consent?' });
  await expect(confirmWithdrawal).toBeVisible();
  await screenshot(clientPage, 'my-bookings-withdraw-consent');
  await confirmWithdrawal.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(published.getByText(`You withdrew your consent: only you and ${hunterName} can see this edit.`)).toBeVisible();
  await screenshot(clientPage, 'my-bookings-consent-withdrawn');
  // The edit was all the hunter was known for here: neither it nor the hunter is on the brand page any more.
  await guestPage.goto(`/brand/${fen.id}`);
  await expect(guestPage.getByRole('heading', { name: fen.name }).first()).toBeVisible();
  await expect(guestPage.getByText(EDIT_TITLE)).toHaveCount(0);
  await expect(guestPage.getByText(hunterName)).toHaveCount(0);

  await guest.close();
  await admin.close();
  await clientContext.close();
  await hunterContext.close();
});
