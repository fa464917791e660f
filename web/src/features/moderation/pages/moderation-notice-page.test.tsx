import { MODERATION_MESSAGES, type ModerationNotice } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const notice: ModerationNotice = {
  kind: 'brand-review',
  itemId: 31,
  state: 'hidden',
  content: {
    title: 'Review of Nudie Jeans',
    text: 'Call me on 07700 900123 for a discount.',
    authorName: 'Ada L.',
    href: '/brand/5/nudie-jeans',
    createdAt: '2026-11-21T10:00:00.000Z',
    imageUrl: null,
  },
  hiddenReason: 'It shares a phone number.',
  hiddenAt: '2026-12-02T15:30:00.000Z',
  appeal: null,
  canAppeal: true,
};
const APPEAL = '/api/moderation/brand-review/31/appeal';
const appeals = (calls: RecordedCall[]) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === APPEAL).map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('/moderation/{kind}/{id}', () => {
  it('shows what was hidden, why and when, and takes one appeal', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/moderation/brand-review/31': () => json(200, notice),
      [`POST ${APPEAL}`]: () =>
        json(201, {
          ...notice,
          state: 'appealed',
          canAppeal: false,
          appeal: { text: 'It is my shop’s number.', appealedAt: '2026-12-03T09:00:00.000Z' },
        }),
    });
    renderRoute('/moderation/brand-review/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your review was hidden' })).toBeTruthy();
    expect(screen.getByText('It shares a phone number.')).toBeTruthy();
    expect(screen.getByText(/on 2 Dec 2026 at 15:30/)).toBeTruthy();
    expect(screen.getByText('Call me on 07700 900123 for a discount.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.appealText);
    expect(appeals(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your appeal'), { target: { value: '  It is my shop’s number.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('heading', { name: 'Your appeal is with our team' })).toBeTruthy();
    expect(appeals(calls)).toEqual([{ text: 'It is my shop’s number.' }]);
    // Once: the form is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull());
    expect(screen.queryByLabelText('Your appeal')).toBeNull();
  });

  it('says an earlier appeal is with the team, and offers no second one', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/moderation/brand-review/31': () =>
        json(200, { ...notice, state: 'appealed', canAppeal: false, appeal: { text: 'Please look again.', appealedAt: '2026-12-03T09:00:00.000Z' } }),
    });
    renderRoute('/moderation/brand-review/31');
    expect(await screen.findByRole('heading', { name: 'Your appeal is with our team' })).toBeTruthy();
    expect(screen.getByText('Please look again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send appeal' })).toBeNull();
  });

  it('answers 404 with a friendly page, and asks a guest to sign in and come back', async () => {
    stubFetch({ ...signedIn, 'GET /api/moderation/comment/9': () => json(404, { statusCode: 404, message: 'Not found' }) });
    renderRoute('/moderation/comment/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nothing to see here' })).toBeTruthy();

    stubFetch(signedOut);
    renderRoute('/moderation/comment/9');
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent('/moderation/comment/9')}`);
  });
});
