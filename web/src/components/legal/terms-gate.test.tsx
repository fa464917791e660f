import { fullDateLabel, LEGAL_DOCUMENT_VERSIONS, TERMS_ACCEPTANCES_PATH, type TermsNotAcceptedBody } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/field-errors';
import { signedIn } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { termsRefusalOf, useTermsGate } from './terms-gate';

const refusal: TermsNotAcceptedBody = {
  statusCode: 409,
  code: 'terms-not-accepted',
  document: 'hunterTerms',
  version: LEGAL_DOCUMENT_VERSIONS.hunterTerms,
  message: 'We have updated the terms for hunters. Please read and accept them to continue.',
};

/** A profile's save, as the hunters' forms make it: through the gate. */
function SaveProfile() {
  const withAcceptedTerms = useTermsGate();
  const save = useMutation({ mutationFn: () => withAcceptedTerms(() => request<{ id: number }>('POST', '/api/hunters', { name: 'Hana' })) });
  return (
    <div>
      <button type="button" onClick={() => save.mutate()}>
        Save profile
      </button>
      {save.isSuccess ? <p>Saved hunter {save.data.id}</p> : null}
      {save.isError ? <p role="status">{serverMessageOf(save.error)}</p> : null}
    </div>
  );
}

const posts = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url).map((call) => JSON.parse(String(call.init.body)) as unknown);

describe('the terms gate', () => {
  it('shows the updated terms with their date and link, records the acceptance, and sends the refused call again', async () => {
    let tries = 0;
    const calls = stubFetch({
      ...signedIn,
      'POST /api/hunters': () => (++tries === 1 ? json(409, refusal) : json(201, { id: 12 })),
      [`POST ${TERMS_ACCEPTANCES_PATH}`]: () => json(200, { acceptances: [], accepted: ['terms', 'hunterTerms'] }),
    });
    renderWithProviders(<SaveProfile />);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    const dialog = await screen.findByRole('dialog', { name: 'We have updated our terms' });
    expect(within(dialog).getByText(/The Hunter Terms, version of/)).toBeTruthy();
    expect(within(dialog).getByText(fullDateLabel(LEGAL_DOCUMENT_VERSIONS.hunterTerms)).getAttribute('datetime')).toBe(LEGAL_DOCUMENT_VERSIONS.hunterTerms);
    const link = within(dialog).getByRole('link', { name: /Read the Hunter Terms/ });
    expect(link.getAttribute('href')).toBe('/hunter-terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(tries).toBe(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText('Saved hunter 12')).toBeTruthy();
    expect(posts(calls, TERMS_ACCEPTANCES_PATH)).toEqual([{ document: 'hunterTerms', version: LEGAL_DOCUMENT_VERSIONS.hunterTerms }]);
    expect(tries).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("answers the call's own refusal when the member says not now, and sends nothing more", async () => {
    let tries = 0;
    const calls = stubFetch({ ...signedIn, 'POST /api/hunters': () => (++tries, json(409, refusal)) });
    renderWithProviders(<SaveProfile />);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    expect((await screen.findByRole('status')).textContent).toBe(refusal.message);
    expect(tries).toBe(1);
    expect(posts(calls, TERMS_ACCEPTANCES_PATH)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's sentence when the terms changed again meanwhile, and leaves the dialog open", async () => {
    stubFetch({
      ...signedIn,
      'POST /api/hunters': () => json(409, refusal),
      [`POST ${TERMS_ACCEPTANCES_PATH}`]: () =>
        json(400, { statusCode: 400, message: 'These terms have changed: read the current version and accept it', errors: {} }),
    });
    renderWithProviders(<SaveProfile />);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('These terms have changed: read the current version and accept it');
  });

  it('leaves every other error alone: a 409 of another kind is the caller’s to show', async () => {
    stubFetch({ ...signedIn, 'POST /api/hunters': () => json(409, { statusCode: 409, message: 'You already have a hunter profile' }) });
    renderWithProviders(<SaveProfile />);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('status')).textContent).toBe('You already have a hunter profile');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(termsRefusalOf(new Error('409'))).toBeNull();
  });
});
