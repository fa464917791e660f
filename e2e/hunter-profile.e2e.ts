import { expect, test, type Page } from './support/accessibility.js';
import { VETTING_MESSAGES, type OwnHunter } from '@hunted/contracts';
import { PNG_1X1, RUN, screenshot, signIn, toast } from './support/journey.js';

const member = { email: `hunter-${RUN}@example.test`, firstName: 'Hana' };
const name = `Hana Okafor ${RUN}`;

const save = (page: Page) => page.getByRole('button', { name: 'Save Changes' }).click();
const chip = (page: Page, group: string, choice: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: choice, exact: true });
const price = (page: Page, type: string) => page.getByLabel(`Price (£) for ${type}`);
const duration = (page: Page, type: string) => page.getByLabel(`Duration (min) for ${type}`);

test('a member creates a hunter profile after fixing each mistake, photo included, and lands on the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page, member.email, member.firstName);
  await page.goto('/become-hunter');
  await page.getByRole('link', { name: 'Create your hunter profile' }).first().click();
  await expect(page).toHaveURL(/\/create-hunter-profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Hunter Profile' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue(member.firstName);

  // Each of the spec's messages first, and nothing sent.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/hunters') posts += 1;
  });
  await save(page);
  await expect(page.getByText('Select at least one specialty')).toBeVisible();
  await expect(page.getByText('Select at least one advice type')).toBeVisible();
  await expect(page.getByText('Years of experience is required')).toBeVisible();
  await expect(page.getByText('Please select a location')).toBeVisible();
  await expect(page.getByText('Session price is required')).toHaveCount(3);
  await expect(page.getByLabel('Location')).toBeFocused();
  expect(posts).toBe(0);

  // The last selected language stays.
  await expect(chip(page, 'Languages Spoken', 'English')).toBeDisabled();
  await chip(page, 'Languages Spoken', 'French').click();
  await chip(page, 'Languages Spoken', 'English').click();
  await expect(chip(page, 'Languages Spoken', 'English')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip(page, 'Languages Spoken', 'French')).toBeDisabled();
  await chip(page, 'Languages Spoken', 'English').click();

  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Location').selectOption('France');
  await page.getByLabel('Years of Experience').fill('8');
  await page.getByLabel('Professional Bio').fill('Paris vintage dealer turned personal shopper.');
  await page.getByLabel('Instagram Profile').fill('https://instagram.com/hana.hunts');
  await chip(page, 'Specialties', 'Vintage Luxury').click();
  await chip(page, 'Specialties', 'Designer Handbags').click();
  await chip(page, 'Services Offered', 'Wardrobe Audit').click();
  await chip(page, 'Services Offered', 'Personal Shopping').click();
  await expect(page.getByText('Select at least one specialty')).toHaveCount(0);

  // Price and duration show only for the types switched on.
  await expect(price(page, 'In-Person Consultation')).toHaveCount(0);
  await page.getByRole('switch', { name: 'In-Person Consultation' }).click();
  await expect(price(page, 'In-Person Consultation')).toHaveAttribute('placeholder', '150');
  await price(page, 'In-Person Consultation').fill('160');
  await duration(page, 'In-Person Consultation').fill('120');
  await price(page, 'WhatsApp Voice Message').fill('40');
  await price(page, 'WhatsApp Video Call').fill('75');
  await page.getByRole('switch', { name: 'Ask Me a Question' }).click();
  await expect(price(page, 'Ask Me a Question')).toHaveCount(0);

  await page.getByLabel('Profile photo').setInputFiles({ name: 'hana.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(toast(page, 'Image uploaded')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toHaveAttribute('src', /^data:image\/png;base64,/);

  await save(page);
  await expect(toast(page, 'Success!')).toContainText('Your hunter profile has been created successfully.');
  await expect(page).toHaveURL(/\/hunter-dashboard$/);
  // A new profile waits for the concierge team, and the dashboard says so.
  await expect(page.getByText(VETTING_MESSAGES.pending)).toBeVisible();
  // The tabs are drawn just after the header and figures.
  await expect(page.getByRole('tab', { name: 'Bookings' })).toBeVisible();
  await screenshot(page, 'hunter-dashboard');
  expect(posts).toBe(1);

  // What the service stored, read back as the dashboard reads it.
  const response = await page.request.get('/api/hunter-profile');
  expect(response.status()).toBe(200);
  const hunter = (await response.json()) as OwnHunter;
  expect(hunter).toMatchObject({
    status: 'pending',
    verified: false,
    name,
    location: 'France',
    yearsExperience: 8,
    bio: 'Paris vintage dealer turned personal shopper.',
    instagramUrl: 'https://instagram.com/hana.hunts',
    specialties: ['Vintage Luxury', 'Designer Handbags'],
    adviceTypes: ['Wardrobe Audit', 'Personal Shopping'],
    languages: ['French', 'English'],
    availabilityStatus: 'Available',
    pricePerSession: 40,
    sessionTypes: {
      whatsappVoice: { enabled: true, price: 40, duration: 30 },
      whatsappVideo: { enabled: true, price: 75, duration: 60 },
      inPerson: { enabled: true, price: 160, duration: 120 },
      askQuestion: { enabled: false, price: 25, duration: 15 },
    },
  });
  expect(hunter.profileImageUrl).toMatch(/^\/api\/media\/hunter-photos\/[0-9a-f-]{36}$/);
  const photo = await page.request.get(hunter.profileImageUrl!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await photo.body()).equals(PNG_1X1)).toBe(true);

  // One profile per user: the create page now points to the dashboard.
  await page.goto('/create-hunter-profile');
  await expect(page.getByRole('heading', { name: 'You already have a hunter profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Hunter Dashboard' }).click();
  await expect(page).toHaveURL(/\/hunter-dashboard$/);

  // Settings: the same form, filled with what was saved; an unreadable number becomes 0 (a free session).
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);
  await expect(page.getByLabel('Full Name')).toHaveValue(name);
  await expect(price(page, 'WhatsApp Video Call')).toHaveValue('75');
  await page.getByLabel('Availability Status').selectOption('Busy');
  await page.getByLabel('Professional Bio').fill('Paris vintage dealer; now booking for the spring.');
  await price(page, 'WhatsApp Voice Message').fill('');
  await chip(page, 'Specialties', 'Footwear').click();
  await save(page);
  await expect(toast(page, 'Profile Updated')).toContainText('Your hunter profile has been updated successfully.');

  const edited = (await (await page.request.get('/api/hunter-profile')).json()) as OwnHunter;
  expect(edited).toMatchObject({
    availabilityStatus: 'Busy',
    bio: 'Paris vintage dealer; now booking for the spring.',
    specialties: ['Vintage Luxury', 'Designer Handbags', 'Footwear'],
    pricePerSession: 0,
    sessionTypes: { whatsappVoice: { enabled: true, price: 0, duration: 30 } },
    profileImageUrl: hunter.profileImageUrl,
  });
  await page.reload();
  await expect(page.getByLabel('Availability Status')).toHaveValue('Busy');
  await expect(page.getByLabel('Professional Bio')).toHaveValue('Paris vintage dealer; now booking for the spring.');
});

test("a guest on /create-hunter-profile is told 'Authentication Required' and sent to sign in", async ({ page }) => {
  await page.goto('/create-hunter-profile');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(toast(page, 'Authentication Required')).toContainText('Please sign in to create your profile.');
  await expect(page.locator('input[name="email"]')).toBeVisible();
});
