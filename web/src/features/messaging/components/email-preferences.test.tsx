import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferencesResponse } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedIn } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const stored: EmailPreferencesResponse = { preferences: { ...DEFAULT_EMAIL_PREFERENCES } };

/** The switch of a kind, by the label the member reads. */
const switchOf = (label: string) => screen.getByRole('switch', { name: label });
const isOn = (label: string) => switchOf(label).getAttribute('aria-checked') === 'true';

describe('/edit-profile, email preferences', () => {
  it('shows a switch per optional email, as stored, and says which emails always go', async () => {
    stubFetch({ ...signedIn, 'GET /api/email-preferences': () => json(200, stored) });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderRoute('/edit-profile#email-preferences');

    const section = await screen.findByRole('region', { name: 'Email preferences' });
    expect(section.id).toBe('email-preferences');
    await within(section).findByRole('switch', { name: 'Message nudges' });
    expect(within(section).getAllByRole('switch').map((toggle) => toggle.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'false',
    ]);
    // The footer's link lands on the section, drawn after the page's first paint.
    await waitFor(() => expect(scrolled).toEqual([section]));
    expect(isOn("Hunter's Pick")).toBe(true);
    expect(isOn('News from Hunted')).toBe(false);
    expect(within(section).getByText('Occasional news about Hunted')).toBeTruthy();
    expect(
      within(section).getByText(
        'Booking confirmations, changes, cancellations, receipts and account notices are always sent.',
      ),
    ).toBeTruthy();
  });

  it('saves a switch the moment it is flipped, showing it flipped before the answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    const calls = stubFetch({
      ...signedIn,
      'GET /api/email-preferences': () => json(200, stored),
      'PUT /api/email-preferences': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/edit-profile');
    fireEvent.click(await screen.findByRole('switch', { name: 'Message nudges' }));

    // On at once, while the server has not answered yet.
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    expect(isOn('Message nudges')).toBe(false);
    const put = calls.find((call) => call.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toEqual({ 'message-nudges': false });

    answer(json(200, { preferences: { ...stored.preferences, 'message-nudges': false } }));
    fireEvent.click(switchOf('News from Hunted'));
    await waitFor(() => expect(calls.filter((call) => call.init.method === 'PUT')).toHaveLength(2));
    expect(isOn('News from Hunted')).toBe(true);
    expect(isOn('Message nudges')).toBe(false);
  });

  it('puts the switch back and says so when the save fails', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({
      ...signedIn,
      'GET /api/email-preferences': () => json(200, stored),
      'PUT /api/email-preferences': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/edit-profile');
    fireEvent.click(await screen.findByRole('switch', { name: 'Review requests' }));
    await waitFor(() => expect(isOn('Review requests')).toBe(false));

    answer(json(503, { message: 'Messaging is not available right now.' }));

    expect(await screen.findByText('Could not save your email preferences')).toBeTruthy();
    expect(screen.getByText('Messaging is not available right now.')).toBeTruthy();
    expect(isOn('Review requests')).toBe(true);
    // The others were never touched.
    expect(isOn('Message nudges')).toBe(true);
    expect(isOn('News from Hunted')).toBe(false);
  });
});
