import { VETTING_MESSAGES, type ConversationMessage, type ConversationSummary } from '@hunted/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { member, signedIn } from '@/testing/data-generators';
import { openedSockets } from '@/testing/fake-socket';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function aConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'c1',
    userId: member.id,
    hunterId: 7,
    hunterName: 'Sofia Marin',
    hunterProfileImage: null,
    lastMessageAt: minutesAgo(5),
    createdAt: minutesAgo(60),
    role: 'client',
    otherUserId: 'u-sofia',
    otherName: 'Sofia Marin',
    otherImage: null,
    lastMessage: 'See you Friday',
    unreadCount: 0,
    closed: false,
    ...overrides,
  };
}

function aMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: crypto.randomUUID(),
    conversationId: 'c1',
    senderId: 'u-sofia',
    receiverId: member.id,
    content: 'Hello Ada',
    createdAt: minutesAgo(5),
    isRead: true,
    clientMessageId: null,
    attachments: [],
    ...overrides,
  };
}

const base = {
  ...signedIn,
  'GET /api/conversations/unread-count': () => json(200, { messages: 0, conversations: 0 }),
};

describe('/messages', () => {
  it('says so when there are no conversations, and nothing is selected', async () => {
    stubFetch({ ...base, 'GET /api/conversations': () => json(200, []) });
    renderRoute('/messages');
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeTruthy();
    expect(screen.getByText('Book a hunter to start chatting!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Hunters' }).getAttribute('href')).toBe('/book-a-hunter');
    expect(screen.getByText('Select a conversation')).toBeTruthy();
  });

  it('lists conversations with time ago and unread counts, and opens the one named in ?conversation=', async () => {
    stubFetch({
      ...base,
      'GET /api/conversations': () =>
        json(200, [aConversation({ unreadCount: 2 }), aConversation({ id: 'c2', otherName: 'Leo Park', lastMessage: null, role: 'hunter' })]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, []),
    });
    renderRoute('/messages?conversation=c1');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const sofia = within(list).getByRole('link', { name: /^Sofia Marin.*, 2 unread$/ });
    expect(sofia.textContent).toContain('5 minutes ago');
    expect(sofia.getAttribute('aria-current')).toBe('true');
    // Both roles: each row says which side the other person is.
    expect(within(list).getByRole('link', { name: /^Leo Park/ }).textContent).toContain('Client');
    // The thread's empty state (Leo Park's row in the list says 'No messages yet' too, as its preview).
    expect(await screen.findByText('No messages yet', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Start the conversation!')).toBeTruthy();
    expect(screen.getByRole('log', { name: 'Messages with Sofia Marin' })).toBeTruthy();
  });

  it('keeps a closed conversation readable but shows that it is closed instead of the composer, to either side', async () => {
    stubFetch({
      ...base,
      'GET /api/conversations': () =>
        json(200, [
          aConversation({ closed: true }),
          aConversation({ id: 'c2', otherName: 'Leo Park', role: 'hunter', otherUserId: 'u-leo', closed: true }),
        ]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, [aMessage({ content: 'See you Friday' })]),
      'GET /api/conversations/c2/messages?limit=50': () => json(200, [aMessage({ conversationId: 'c2', senderId: 'u-leo', content: 'Thanks!' })]),
    });
    const router = renderRoute('/messages?conversation=c1');
    const log = await screen.findByRole('log', { name: 'Messages with Sofia Marin' });
    expect(await within(log).findByText('See you Friday')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(VETTING_MESSAGES.closedConversation);
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    // The hunter's side of a closed conversation is closed too.
    await router.navigate('/messages?conversation=c2');
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(VETTING_MESSAGES.closedConversation);
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it("shows a message's photos as thumbnails, each a link that opens the photo", async () => {
    const urls = ['/api/media/booking-photos/p1', '/api/media/booking-photos/p2'];
    stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation()]),
      'GET /api/conversations/c1/messages?limit=50': () =>
        json(200, [
          aMessage({ senderId: member.id, receiverId: 'u-sofia', content: 'Which coat suits me?', attachments: urls }),
          aMessage({ content: 'Let me look' }),
        ]),
    });
    renderRoute('/messages?conversation=c1');
    const log = await screen.findByRole('log', { name: 'Messages with Sofia Marin' });
    expect(await within(log).findByText('Which coat suits me?')).toBeTruthy();
    const photos = within(log).getAllByRole('list', { name: 'Attached photos' });
    // Only the message that carries photos shows any.
    expect(photos).toHaveLength(1);
    const links = within(photos[0]!).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(urls);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(within(links[1]!).getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe(urls[1]);
  });

  it("says why a message was refused when the conversation closed meanwhile (409), and reads the rows again", async () => {
    let closed = false;
    const calls = stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation({ closed })]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, []),
      'POST /api/conversations/c1/messages': () => {
        closed = true;
        return json(409, { statusCode: 409, message: VETTING_MESSAGES.closedConversation });
      },
    });
    renderRoute('/messages?conversation=c1');
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Are we still on?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByLabelText('Message')).toBeNull());
    expect(screen.getAllByText(VETTING_MESSAGES.closedConversation).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.url === '/api/conversations').length).toBeGreaterThan(1);
  });

  it('shows nothing of a conversation that is not one of yours', async () => {
    const calls = stubFetch({ ...base, 'GET /api/conversations': () => json(200, [aConversation()]) });
    renderRoute('/messages?conversation=someone-elses');
    expect(await screen.findByText('Select a conversation')).toBeTruthy();
    expect(screen.queryByRole('log')).toBeNull();
    expect(calls.some((call) => call.url.includes('someone-elses'))).toBe(false);
  });

  it('sends with Enter, not Shift+Enter; Send is off while blank; the message shows at once as sending, then stored', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation()]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, [aMessage({ content: 'Hello Ada' })]),
      'POST /api/conversations/c1/messages': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/messages?conversation=c1');
    const log = await screen.findByRole('log');
    await within(log).findByText('Hello Ada');
    const box = screen.getByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(send).toHaveProperty('disabled', true);

    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(log).findByText('First line')).toBeTruthy();
    expect(within(log).getByText('Sending…')).toBeTruthy();
    expect(box).toHaveProperty('value', '');
    const posted = JSON.parse(String(calls.find((call) => call.init.method === 'POST')!.init.body)) as Record<string, string>;
    expect(posted).toMatchObject({ content: 'First line', receiverId: 'u-sofia' });
    expect(posted.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);

    answer(json(201, aMessage({ id: 'm-stored', senderId: member.id, receiverId: 'u-sofia', content: 'First line', createdAt: new Date().toISOString(), isRead: false, clientMessageId: posted.clientMessageId })));
    await waitFor(() => expect(within(log).queryByText('Sending…')).toBeNull());
    expect(within(log).getAllByText('First line')).toHaveLength(1);
  });

  it('opens on the newest page and pages back on scrolling up (or the button), keeping what was shown', async () => {
    const thread = Array.from({ length: 120 }, (_, i) => aMessage({ id: `m${String(i).padStart(3, '0')}`, content: `Message ${i}`, createdAt: minutesAgo(200 - i) }));
    const calls = stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation()]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, thread.slice(-50)),
      'GET /api/conversations/c1/messages?limit=50&before=m070': () => json(200, thread.slice(20, 70)),
      'GET /api/conversations/c1/messages?limit=50&before=m020': () => json(200, thread.slice(0, 20)),
    });
    renderRoute('/messages?conversation=c1');
    const log = await screen.findByRole('log');
    await within(log).findByText('Message 119');
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);
    expect(within(log).queryByText('Message 69')).toBeNull();

    // Scrolled to the top: the page before the oldest shown is put above it.
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(await within(log).findByText('Message 20')).toBeTruthy();
    expect(within(log).getAllByRole('listitem')).toHaveLength(100);
    const shown = within(log).getAllByRole('listitem').map((item) => item.textContent);
    expect(shown[0]).toContain('Message 20');
    expect(shown.at(-1)).toContain('Message 119');

    // The button does the same; a short page is the start of the thread, and nothing more is offered.
    fireEvent.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(log).findByText('Message 0')).toBeTruthy();
    expect(within(log).getAllByRole('listitem')).toHaveLength(120);
    await waitFor(() => expect(within(log).queryByRole('button', { name: 'Show earlier messages' })).toBeNull());
    log.scrollTop = 0;
    fireEvent.scroll(log);
    // Never the whole thread in one read; each page asked once.
    const reads = calls.filter((call) => call.url.startsWith('/api/conversations/c1/messages'));
    expect(reads.map((call) => call.url)).toEqual([
      '/api/conversations/c1/messages?limit=50',
      '/api/conversations/c1/messages?limit=50&before=m070',
      '/api/conversations/c1/messages?limit=50&before=m020',
    ]);
  });

  it("keeps the text and says 'Failed to send message' when a send fails", async () => {
    stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation()]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, []),
      'POST /api/conversations/c1/messages': () => json(500, { message: 'boom' }),
    });
    renderRoute('/messages?conversation=c1');
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Will this arrive?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() => expect(box).toHaveProperty('value', 'Will this arrive?'));
    expect(within(screen.getByRole('log')).queryByText('Will this arrive?')).toBeNull();
  });

  it("says why when a send is refused by a limit (the conversation's day is full)", async () => {
    const full = 'This conversation has reached its limit of 500 messages for today. You can write again tomorrow.';
    stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation()]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, []),
      'POST /api/conversations/c1/messages': () => json(429, { statusCode: 429, message: full }),
    });
    renderRoute('/messages?conversation=c1');
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(full)).toBeTruthy();
    await waitFor(() => expect(box).toHaveProperty('value', 'One more'));
  });

  it('marks a visible thread read up to the newest message received', async () => {
    const unread = aMessage({ id: 'm-unread', isRead: false });
    let read = false;
    const calls = stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation({ unreadCount: read ? 0 : 1 })]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, [aMessage({ id: 'm-old' }), unread]),
      'POST /api/conversations/c1/read': () => {
        read = true;
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/messages?conversation=c1');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/conversations/c1/read')).toBe(true));
    const readCall = calls.find((call) => call.url === '/api/conversations/c1/read')!;
    expect(JSON.parse(String(readCall.init.body))).toEqual({ upTo: 'm-unread' });
    // The row's badge clears; the thread is asked once, not again on every render.
    expect(await screen.findByRole('link', { name: (name) => name.startsWith('Sofia Marin') && !name.includes('unread') })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/conversations/c1/read')).toHaveLength(1);
  });

  it('shows messages and unread counts that arrive on the socket, without a reload', async () => {
    stubFetch({
      ...base,
      'GET /api/conversations': () => json(200, [aConversation(), aConversation({ id: 'c2', otherName: 'Leo Park', lastMessage: 'Old news', lastMessageAt: minutesAgo(90) })]),
      'GET /api/conversations/c1/messages?limit=50': () => json(200, []),
      'POST /api/conversations/c1/read': () => new Response(null, { status: 204 }),
    });
    renderRoute('/messages?conversation=c1');
    const log = await screen.findByRole('log');
    await waitFor(() => expect(openedSockets.length).toBeGreaterThan(0));
    const socket = openedSockets.at(-1)!;

    act(() => socket.serverSends('message:new', aMessage({ content: 'Live hello', createdAt: new Date().toISOString(), isRead: false })));
    expect(await within(log).findByText('Live hello')).toBeTruthy();
    act(() => socket.serverSends('message:new', aMessage({ conversationId: 'c2', content: 'News from Leo', senderId: 'u-leo', createdAt: new Date().toISOString(), isRead: false })));
    const leo = await screen.findByRole('link', { name: /^Leo Park.*, 1 unread$/ });
    expect(leo.textContent).toContain('News from Leo');
    // Moved to the top of the list.
    expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')[0]).toBe(leo);

    act(() => socket.serverSends('unread:count', { messages: 3, conversations: 2 }));
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toBeTruthy();

    // The receiver's copy of a new message carries their totals: the badge moves with it, and the thread shows the
    // message without them.
    act(() =>
      socket.serverSends('message:new', {
        ...aMessage({ id: 'm-live-2', conversationId: 'c2', content: 'More from Leo', senderId: 'u-leo', createdAt: new Date().toISOString(), isRead: false }),
        unread: { messages: 4, conversations: 2 },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Messages, 4 unread' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /^Leo Park.*, 2 unread$/ })).textContent).toContain('More from Leo');
  });

  it("sends a guest whose session ended to sign in, after the 'Unauthorized' toast", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    stubFetch({ ...base, 'GET /api/conversations': () => json(401, { message: 'Unauthorized' }) });
    renderRoute('/messages');
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'));
  });
});
