import type { AccountDeletionView, CurrentAccountDeletionResponse } from '@hunted/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { member } from '@/testing/data-generators';
import { json, stubFetch } from '@/testing/fetch-stub';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';
import { DELETION_POLL_MS } from '../api/account-deletion';

function aDeletion(overrides: Partial<AccountDeletionView> = {}): AccountDeletionView {
  return { id: 'del1', status: 'checking', requestedAt: '2026-12-03T10:00:00.000Z', blockers: [], ...overrides };
}

/** Opens the dialog from the danger zone (`find`: how to wait, on the test's clock or not) and its controls. */
async function openDialog(find: <T>(get: () => T) => Promise<T> = (get) => waitFor(get)) {
  const section = await find(() => screen.getByRole('region', { name: 'Delete my account' }));
  fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
  const dialog = await find(() => screen.getByRole('dialog', { name: 'Delete my account' }));
  return {
    dialog,
    email: within(dialog).getByLabelText('Type your email to confirm') as HTMLInputElement,
    confirm: within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement,
  };
}

describe('/edit-profile, delete my account', () => {
  it('says what happens, and keeps the button disabled until the account’s email is typed (any case)', async () => {
    const calls = stubFetch({ 'GET /api/auth/user': () => json(200, member) });
    renderRoute('/edit-profile');
    const { dialog, email, confirm } = await openDialog();

    for (const line of [
      'Every session ends: you are signed out everywhere at once.',
      "Your reviews and comments stay on the brands' pages, shown as 'Former member'.",
      "Messages you sent stay for the other person, from 'Former member'.",
      'Your votes stay as counts, with nothing that points to you.',
      'Paid bookings are kept for six years without your details, for UK tax records.',
      'Your hunter profile and photos are removed.',
      'Signing in again later makes a new, empty account.',
    ]) {
      expect(within(dialog).getByText(line)).toBeTruthy();
    }
    expect(confirm.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'ada@example.co' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(email, { target: { value: ' ADA@Example.com ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(email, { target: { value: 'someone@example.com' } });
    expect(confirm.disabled).toBe(true);
    expect(calls.filter((call) => call.url.startsWith('/api/account/deletion'))).toHaveLength(0);
  });

  it('shows each reason bookings gave for refusing the deletion', async () => {
    const refused: CurrentAccountDeletionResponse = {
      deletion: aDeletion({
        status: 'refused',
        blockers: [
          { code: 'upcoming-booking', count: 1, message: 'You have 1 upcoming booking. Cancel it or wait until it has taken place.' },
          { code: 'payout-owed', count: 2, message: 'You are still owed 2 payouts. They are paid within 7 days of each session.' },
        ],
      }),
    };
    const calls = stubFetch({
      'GET /api/auth/user': () => json(200, member),
      'POST /api/account/deletion': () => json(201, aDeletion()),
      'GET /api/account/deletion': () => json(200, refused),
    });
    // The dialog reads the deletion again every DELETION_POLL_MS of the test's clock, moved on a read at a time.
    useTestClock();
    renderRoute('/edit-profile');
    const { dialog, email, confirm } = await openDialog(findOnTestClock);
    fireEvent.change(email, { target: { value: member.email } });
    fireEvent.click(confirm);

    await findOnTestClock(() => within(dialog).getByText('Checking your bookings…'));
    const post = calls.find((call) => call.init.method === 'POST')!;
    expect(JSON.parse(String(post.init.body))).toEqual({ email: member.email });
    expect((within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(DELETION_POLL_MS));
    const reasons = await findOnTestClock(() => within(dialog).getByRole('alert'));
    expect(reasons.textContent).toContain('Your account cannot be deleted yet');
    expect(within(reasons).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You have 1 upcoming booking. Cancel it or wait until it has taken place.',
      'You are still owed 2 payouts. They are paid within 7 days of each session.',
    ]);
    expect(within(dialog).queryByText('Checking your bookings…')).toBeNull();
    // Refused, the member may ask again once things are settled; nothing more is read meanwhile.
    expect((within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(false);
    const reads = calls.filter((call) => call.url === '/api/account/deletion' && !call.init.method?.startsWith('P')).length;
    await act(() => vi.advanceTimersByTimeAsync(DELETION_POLL_MS * 3));
    expect(calls.filter((call) => call.url === '/api/account/deletion' && !call.init.method?.startsWith('P'))).toHaveLength(reads);
  });

  it('shows the service’s refusal of the email in the dialog', async () => {
    stubFetch({
      'GET /api/auth/user': () => json(200, { ...member, email: 'ada@example.com' }),
      'POST /api/account/deletion': () =>
        json(400, { statusCode: 400, message: "That is not your account's email address." }),
    });
    renderRoute('/edit-profile');
    const { dialog, email, confirm } = await openDialog();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe("That is not your account's email address.");
  });

  it('once the account is gone (the next read is a 401), forgets it and shows /account-deleted', async () => {
    let deleted = false;
    stubFetch({
      'GET /api/auth/user': () => (deleted ? json(401, { message: 'Unauthorized' }) : json(200, member)),
      'POST /api/account/deletion': () => json(201, aDeletion()),
      'GET /api/account/deletion': () => {
        deleted = true;
        return json(401, { message: 'Unauthorized' });
      },
    });
    useTestClock();
    const router = renderRoute('/edit-profile');
    const { dialog, email, confirm } = await openDialog(findOnTestClock);
    fireEvent.change(email, { target: { value: member.email.toUpperCase() } });
    fireEvent.click(confirm);
    await findOnTestClock(() => within(dialog).getByText('Checking your bookings…'));

    await act(() => vi.advanceTimersByTimeAsync(DELETION_POLL_MS));
    await findOnTestClock(() => screen.getByRole('heading', { level: 1, name: 'Your account has been deleted' }));
    expect(router.state.location.pathname).toBe('/account-deleted');
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    // Signed out in the header too, and nothing of the account is shown any more.
    await findOnTestClock(() => within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' }));
    expect(screen.queryByText('Ada')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to /account-deleted when the deletion is already erasing', async () => {
    stubFetch({
      'GET /api/auth/user': () => json(200, member),
      'POST /api/account/deletion': () => json(200, aDeletion({ status: 'erasing' })),
    });
    const router = renderRoute('/edit-profile');
    const { email, confirm } = await openDialog();
    fireEvent.change(email, { target: { value: member.email } });
    fireEvent.click(confirm);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account-deleted');
  });
});
