import { expect, test } from './support/accessibility.js';
import { ADMIN_EMAIL, RUN, signedInContext, toast } from './support/journey.js';

// startHunted runs maildev for the e2e system (SMTP 1125, web 8125: the default ports + 100).
const MAIL_CATCHER = 'http://127.0.0.1:8125';

test('the contact form explains each mistake, sends, thanks, and the message reaches the admin inbox and support email', async ({ page, browser }) => {
  const subject = `Partnership idea ${RUN}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('J');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill('Hi');
  await page.getByLabel('Message').fill('Too short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();

  await page.getByLabel('Name').fill('Jo Maker');
  await page.getByLabel('Email').fill('jo@maker.example');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Category').selectOption('partnership');
  await page.getByLabel('Message').fill('We would love to list our studio and collaborate on a pop-up.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(toast(page, 'Message sent successfully!')).toBeVisible();

  const admin = await signedInContext(browser, ADMIN_EMAIL, 'Ada');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Contact Submissions' }).click();
  await expect(adminPage.getByText(subject)).toBeVisible();
  await expect(adminPage.getByText('Partnership Opportunity').first()).toBeVisible();
  await admin.close();

  await expect
    .poll(async () => {
      const emails = (await (await fetch(`${MAIL_CATCHER}/api/email`)).json()) as { subject: string }[];
      return emails.some((email) => email.subject.includes(subject));
    }, { timeout: 20_000 })
    .toBe(true);
});
