import { BOOKING_ACTION_MESSAGES, DEFAULT_SESSION_TYPES, EXPRESS_REQUEST } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_CHOICE_KEY } from '../lib/booking-choice';
import { bookingPhotoProblem } from '../lib/booking-photos';
import { aHunter, aSlotsResponse, signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const sofia = aHunter({
  id: 7,
  name: 'Sofia Marin',
  sessionTypes: { ...DEFAULT_SESSION_TYPES, askQuestion: { ...DEFAULT_SESSION_TYPES.askQuestion, enabled: true } },
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const answers = () => ({
  ...signedIn,
  'GET /api/hunters/7': () => json(200, sofia),
  'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=askQuestion': () =>
    json(200, aSlotsResponse(7, 'askQuestion', '2026-07-06', { '2026-07-07': ['10:00'] })),
  'GET /api/hunters/7/slots?from=2026-07-05&to=2026-07-13&sessionType=whatsappVideo': () =>
    json(200, aSlotsResponse(7, 'whatsappVideo', '2026-07-06', { '2026-07-07': ['10:00'] })),
});

async function chooseSlot(type: string) {
  fireEvent.change(await screen.findByLabelText('Service type'), { target: { value: type } });
  fireEvent.click(await screen.findByRole('button', { name: 'Tue 7 Jul at 10:00' }));
  // Tomorrow is within the 14-day cancellation period: the express request is asked for before Continue.
  fireEvent.click(screen.getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }));
}

const image = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

describe("the booking's question and photos", () => {
  it("refuses 'Ask Me a Question' without its question, in the server's words, and goes on once it is written", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-06T08:00:00Z'));
    stubFetch(answers());
    const router = renderRoute('/book-session/7');
    await chooseSlot('askQuestion');
    const question = screen.getByLabelText('Your question');
    expect(question.getAttribute('aria-required')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BOOKING_ACTION_MESSAGES.notesRequired);
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(question);
    expect(router.state.location.pathname).toBe('/book-session/7');
    // Spaces are no question either.
    fireEvent.change(question, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/book-session/7');

    fireEvent.change(question, { target: { value: '  Does a camel coat suit a cool skin tone?  ' } });
    expect(screen.getByText('44 / 1,000')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).toMatchObject({
      sessionType: 'askQuestion',
      notes: 'Does a camel coat suit a cool skin tone?',
    });
  });

  it('keeps the question optional for the other types', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-06T08:00:00Z'));
    stubFetch(answers());
    const router = renderRoute('/book-session/7');
    await chooseSlot('whatsappVideo');
    expect(screen.getByText('(optional)', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText(/Your question/).getAttribute('aria-required')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    const stored = JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!) as Record<string, unknown>;
    expect(stored.notes).toBeUndefined();
    expect(stored.photoIds).toBeUndefined();
  });

  it('uploads each photo as a data URL, shows it with a remove button, refuses what the server would, and carries the ids', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-06T08:00:00Z'));
    let uploaded = 0;
    const calls = stubFetch({
      ...answers(),
      'POST /api/booking-photos': () => {
        uploaded += 1;
        return json(201, { id: `photo-${uploaded}`, url: `/api/media/booking-photos/photo-${uploaded}` });
      },
    });
    const router = renderRoute('/book-session/7');
    await chooseSlot('whatsappVideo');
    const picker = screen.getByLabelText('Add photos');

    fireEvent.change(picker, { target: { files: [image('notes.pdf', 'application/pdf', 10)] } });
    expect((await screen.findByRole('alert')).textContent).toBe(BOOKING_ACTION_MESSAGES.photoType);
    fireEvent.change(picker, { target: { files: [image('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BOOKING_ACTION_MESSAGES.photoSize));
    expect(calls.some((call) => call.url === '/api/booking-photos')).toBe(false);

    fireEvent.change(picker, { target: { files: [image('coat.png', 'image/png', 100), image('shoes.jpg', 'image/jpeg', 100)] } });
    expect(await screen.findByRole('img', { name: 'Photo 2: shoes.jpg' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false));
    const sent = calls.filter((call) => call.url === '/api/booking-photos');
    expect(sent).toHaveLength(2);
    expect(String((JSON.parse(String(sent[0]!.init.body)) as { photo: string }).photo)).toMatch(/^data:image\/png;base64,/);

    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [image('a.png', 'image/png', 10), image('b.png', 'image/png', 10)] },
    });
    // Room for one more: the second is refused with the server's words, and the picker goes once three are in.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(BOOKING_ACTION_MESSAGES.photoCount));
    await waitFor(() => expect(screen.queryByLabelText('Add photos')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(screen.queryByRole('img', { name: 'Photo 1: coat.png' })).toBeNull();
    expect(within(screen.getByRole('list', { name: /^Photos/ })).getAllByRole('img')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/7'));
    expect(JSON.parse(sessionStorage.getItem(BOOKING_CHOICE_KEY)!)).toMatchObject({ photoIds: ['photo-2', 'photo-3'] });
  });
});

describe("the booking's photos over the day's allowance", () => {
  it("shows the server's words naming the limit, and keeps no photo", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-06T08:00:00Z'));
    const quota = 'You can upload 30 booking photos a day; try again tomorrow';
    stubFetch({ ...answers(), 'POST /api/booking-photos': () => json(429, { statusCode: 429, message: quota }) });
    renderRoute('/book-session/7');
    await chooseSlot('whatsappVideo');
    fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [image('coat.png', 'image/png', 100)] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(quota));
    expect(screen.queryByRole('img', { name: 'Photo 1: coat.png' })).toBeNull();
  });
});

describe('bookingPhotoProblem', () => {
  it('accepts JPEG, PNG, GIF and WebP up to 5 MB, as the server does', () => {
    expect(bookingPhotoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(bookingPhotoProblem({ type: 'image/svg+xml', size: 10 })).toBe(BOOKING_ACTION_MESSAGES.photoType);
    expect(bookingPhotoProblem({ type: 'image/gif', size: 5 * 1024 * 1024 + 1 })).toBe(BOOKING_ACTION_MESSAGES.photoSize);
  });
});
