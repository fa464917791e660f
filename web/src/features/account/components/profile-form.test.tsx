import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { member, signedIn } from '@/testing/data-generators';
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
});
