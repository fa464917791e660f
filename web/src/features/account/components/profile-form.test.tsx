import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { member, signedIn } from '@/testing/data-generators';
import { findOnTestClock, useTestClock } from '@/testing/test-clock';
import { renderRoute } from '@/testing/test-utils';

/** The error shown for a field: the element its aria-describedby names first. */
function errorOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  const id = control.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the profile form', () => {
  it("checks the fields with the service's rules and sends nothing they refuse", async () => {
    const calls = stubFetch(signedIn);
    renderRoute('/edit-profile');
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'A'.repeat(101) } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Lee\u001bEvil' } });
    fireEvent.change(screen.getByLabelText(/Instagram Profile/), { target: { value: 'instagram.com/ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(errorOf('First Name')).toBe('First name must be at most 100 characters'));
    expect(errorOf('Last Name')).toBe('Last name may not contain control characters (such as line breaks)');
    expect(errorOf('Instagram Profile (optional)')).toBe('Instagram must be a link starting with http:// or https://');
    expect(calls.filter((call) => call.init.method === 'PATCH')).toHaveLength(0);
  });

  it('sends a profile the rules accept', async () => {
    const calls = stubFetch({ ...signedIn, 'PATCH /api/auth/user': () => json(200, member) });
    renderRoute('/edit-profile');
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: ' Ada ' } });
    fireEvent.change(screen.getByLabelText(/Instagram Profile/), { target: { value: 'https://instagram.com/ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(calls.filter((call) => call.init.method === 'PATCH')).toHaveLength(1));
    const sent = calls.find((call) => call.init.method === 'PATCH');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      instagramUrl: 'https://instagram.com/ada',
    });
    expect(errorOf('First Name')).toBeNull();
  });

  it("takes a new photo, saves it with the last name, says 'Profile Updated' and reloads the page a second later", async () => {
    // The reload's delay on the test's clock, moved on once the confirmation is shown rather than waited for.
    useTestClock();
    const calls = stubFetch({
      'GET /api/auth/user': () => json(200, { ...member, lastName: null }),
      'PATCH /api/auth/user': () => json(200, { ...member, profileImageUrl: '/api/auth/avatars/a1' }),
    });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    renderRoute('/edit-profile');
    const lastName = await findOnTestClock(() => screen.getByLabelText('Last Name'));
    fireEvent.change(lastName, { target: { value: 'Lovelace' } });
    // The PNG signature's four bytes: read locally, sent inline with the save.
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'avatar.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Change photo'), { target: { files: [photo] } });
    await findOnTestClock(() => screen.getByText('Image uploaded'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await findOnTestClock(() => screen.getByText('Profile Updated'));
    const sent = calls.find((call) => call.init.method === 'PATCH');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      instagramUrl: null,
      profileImageUrl: 'data:image/png;base64,iVBORw==',
    });
    // Its timer was set when the confirmation was drawn, within the test clock's last millisecond.
    await act(() => vi.advanceTimersByTimeAsync(1000 - 2));
    expect(reload).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
