import { expect, test, type Page } from './support/accessibility.js';
import {
  AVAILABILITY_SLOTS,
  DEFAULT_SESSION_TYPES,
  type ConversationSummary,
  type HunterInput,
  type WeeklyHours,
} from '@hunted/contracts';
import { approveWithPayouts, bookPaidSession, RUN, screenshot, signedInContext, signIn } from './support/journey.js';
import { E2E_BASE_URL } from './support/system.js';

// Two people chat through the gateway and two messaging replicas, each in a browser context of their own.
const hunter = { email: `chat-hunter-${RUN}@example.test`, firstName: 'Hana' };
const client = { email: `chat-client-${RUN}@example.test`, firstName: 'Cleo' };
const stranger = { email: `chat-stranger-${RUN}@example.test`, firstName: 'Stan' };
const hunterName = `Hana Hunter ${RUN}`;
const ALL = [...AVAILABILITY_SLOTS];
const everyDay: WeeklyHours = { mon: ALL, tue: ALL, wed: ALL, thu: ALL, fri: ALL, sat: ALL, sun: ALL };
const writes = { headers: { origin: E2E_BASE_URL } };

const profile: HunterInput = {
  name: hunterName,
  bio: 'Vintage finds and honest edits.',
  location: 'UK',
  specialties: ['Vintage Luxury'],
  adviceTypes: ['Style Consultation'],
  languages: ['English'],
  yearsExperience: 6,
  sessionTypes: DEFAULT_SESSION_TYPES,
};

const unreadBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });

test('client and hunter chat live after a booking; badges rise and clear; nothing is lost while away; strangers see nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const hunterContext = await signedInContext(browser, hunter.email, hunter.firstName);
  const hunterPage = await hunterContext.newPage();
  const created = await hunterPage.request.post('/api/hunters', { data: profile, ...writes });
  expect(created.status(), await created.text()).toBe(201);
  const hunterId = ((await created.json()) as { id: number }).id;
  await approveWithPayouts(browser, hunterPage.request, hunterId);
  expect((await hunterPage.request.put('/api/hunter-availability/weekly', { data: everyDay, ...writes })).status()).toBe(200);

  const clientPage = page;
  await clientPage.goto('/');
  await signIn(clientPage, client.email, client.firstName);
  await bookPaidSession(clientPage.request, hunterId);

  // The confirmed booking opens the conversation (an event away): once messaging has it, the client finds it on
  // /messages.
  await expect
    .poll(async () => ((await (await clientPage.request.get('/api/conversations')).json()) as ConversationSummary[]).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await clientPage.goto('/messages');
  const conversations = clientPage.getByRole('list', { name: 'Conversations' });
  await expect(conversations.getByText(hunterName)).toBeVisible();
  await expect(clientPage.getByText('Select a conversation')).toBeVisible();
  await conversations.getByText(hunterName).click();
  await expect(clientPage).toHaveURL(/\/messages\?conversation=/);
  const conversationId = new URL(clientPage.url()).searchParams.get('conversation')!;
  await expect(clientPage.getByRole('log').getByText('No messages yet')).toBeVisible();
  await expect(clientPage.getByRole('log').getByText('Start the conversation!')).toBeVisible();

  // The hunter waits on the dashboard; the client writes.
  await hunterPage.goto('/hunter-dashboard');
  await expect(unreadBadge(hunterPage)).toHaveAccessibleName('Messages');
  const box = clientPage.getByRole('textbox', { name: 'Message' });
  const send = clientPage.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();
  await box.fill('Hello Hana! Can we talk about <script>alert("x")</script> vintage coats?');
  await box.press('Enter');
  const clientThread = clientPage.getByRole('log');
  await expect(clientThread).toContainText('<script>alert("x")</script> vintage coats?');
  await expect(box).toHaveValue('');

  // Live, without a reload: the hunter's header and Messages tab count it.
  await expect(unreadBadge(hunterPage)).toHaveAccessibleName('Messages, 1 unread');
  await hunterPage.getByRole('tab', { name: /Messages/ }).click();
  const clientRow = hunterPage.getByRole('tabpanel').getByText(client.firstName).first();
  await expect(clientRow).toBeVisible();
  await expect(hunterPage.getByRole('tabpanel')).toContainText('vintage coats?');
  await screenshot(hunterPage, 'dashboard-messages');
  await clientRow.click();
  await expect(hunterPage).toHaveURL(new RegExp(`/messages\\?conversation=${conversationId}$`));
  const hunterThread = hunterPage.getByRole('log');
  await expect(hunterThread).toContainText('<script>alert("x")</script> vintage coats?');
  // Opening the thread reads it: the badge clears.
  await expect(unreadBadge(hunterPage)).toHaveAccessibleName('Messages');

  // The hunter answers on two lines (Shift+Enter), the client sees it live.
  const hunterBox = hunterPage.getByRole('textbox', { name: 'Message' });
  await hunterBox.fill('Hi Cleo!');
  await hunterBox.press('Shift+Enter');
  await hunterBox.pressSequentially('Bring photos of what you have.');
  await expect(hunterBox).toHaveValue('Hi Cleo!\nBring photos of what you have.');
  await hunterBox.press('Enter');
  await expect(clientThread).toContainText('Bring photos of what you have.');
  await screenshot(clientPage, 'messages');

  // The hunter goes away; a message sent meanwhile is there when they come back.
  await hunterPage.close();
  await clientPage.getByRole('textbox', { name: 'Message' }).fill('Sent while you were away');
  await clientPage.getByRole('button', { name: 'Send' }).click();
  await expect(clientThread).toContainText('Sent while you were away');
  const back = await hunterContext.newPage();
  await back.goto('/');
  await expect(unreadBadge(back)).toHaveAccessibleName('Messages, 1 unread');
  await back.goto(`/messages?conversation=${conversationId}`);
  await expect(back.getByRole('log')).toContainText('Sent while you were away');
  await expect(unreadBadge(back)).toHaveAccessibleName('Messages');

  // A third member who opens the link sees nothing of it, and the API refuses them.
  const strangerContext = await signedInContext(browser, stranger.email, stranger.firstName);
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(`/messages?conversation=${conversationId}`);
  await expect(strangerPage.getByText('No conversations yet')).toBeVisible();
  await expect(strangerPage.getByText('Book a hunter to start chatting!')).toBeVisible();
  await expect(strangerPage.getByText('vintage coats')).toHaveCount(0);
  expect((await strangerPage.request.get(`/api/conversations/${conversationId}/messages`)).status()).toBe(404);

  await strangerContext.close();
  await hunterContext.close();
});
