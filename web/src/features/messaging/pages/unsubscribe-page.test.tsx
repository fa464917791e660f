import { UNSUBSCRIBE_LINK_INVALID, type UnsubscribeResponse } from '@hunted/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const TOKEN = 'u1.message-nudges.c2lnbmVk';
const UNSUBSCRIBE = `POST /api/email-preferences/unsubscribe?token=${TOKEN}`;
const RESUBSCRIBE = `POST /api/email-preferences/resubscribe?token=${TOKEN}`;
const off: UnsubscribeResponse = { kind: 'message-nudges', label: 'Message nudges', subscribed: false };
const on: UnsubscribeResponse = { ...off, subscribed: true };

describe('/unsubscribe', () => {
  it('turns the kind off as it loads, for a guest too, and says what was turned off', async () => {
    const calls = stubFetch({ ...signedOut, [UNSUBSCRIBE]: () => json(200, off) });
    const router = renderRoute(`/unsubscribe?token=${TOKEN}`);

    expect(await screen.findByText("You won't get Message nudges emails any more.")).toBeTruthy();
    const posts = calls.filter((call) => call.init.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.init.body).toBe('{}');
    // No sign-in asked for; the way to every switch goes through sign-in and back to the section.
    expect(router.state.location.pathname).toBe('/unsubscribe');
    expect(screen.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href')).toBe(
      '/api/login?returnTo=%2Fedit-profile%23email-preferences',
    );
  });

  it("turns them back on with 'Turn them back on'", async () => {
    const calls = stubFetch({ ...signedIn, [UNSUBSCRIBE]: () => json(200, off), [RESUBSCRIBE]: () => json(200, on) });
    renderRoute(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn them back on' }));

    expect(await screen.findByText('Message nudges emails are back on.')).toBeTruthy();
    expect(screen.queryByText("You won't get Message nudges emails any more.")).toBeNull();
    expect(calls.filter((call) => call.url.includes('/resubscribe?'))).toHaveLength(1);
    // Signed in: straight to the section.
    expect(screen.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href')).toBe(
      '/edit-profile#email-preferences',
    );
  });

  it('says a forged or altered link is not valid', async () => {
    stubFetch({
      ...signedOut,
      [UNSUBSCRIBE]: () => json(400, { statusCode: 400, message: UNSUBSCRIBE_LINK_INVALID }),
    });
    renderRoute(`/unsubscribe?token=${TOKEN}`);

    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn them back on' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose which emails you get' })).toBeTruthy();
  });

  it('says a link without a token is not valid, and sends nothing', async () => {
    const calls = stubFetch(signedOut);
    renderRoute('/unsubscribe');
    expect(await screen.findByText(UNSUBSCRIBE_LINK_INVALID)).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth/user')).toBe(true));
    expect(calls.filter((call) => call.init.method === 'POST')).toHaveLength(0);
  });

  it('offers to try again when messaging could not answer', async () => {
    let tries = 0;
    stubFetch({
      ...signedOut,
      [UNSUBSCRIBE]: () => (tries++ === 0 ? json(503, { message: 'Messaging is not available right now.' }) : json(200, off)),
    });
    renderRoute(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText('Messaging is not available right now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("You won't get Message nudges emails any more.")).toBeTruthy();
  });
});
