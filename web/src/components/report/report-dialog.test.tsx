import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { signedIn, signedOut } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/test-utils';
import { ReportButton } from './report-button';
import { REPORT_THANKS } from './report-dialog';

const URL = '/api/reports/brand-review/31';

/** A brand review's Report, on the brand's page (the dialog reads where it is, for the sign-in's way back). */
function renderReport() {
  const router = createMemoryRouter(
    [{ path: '/brand/:id/:slug?', element: <ReportButton kind="brand-review" itemId={31} subject="review by Bob S." /> }],
    { initialEntries: ['/brand/5/nudie-jeans?tab=reviews'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

const sent = (calls: RecordedCall[]) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === URL).map((call) => JSON.parse(String(call.init.body)) as unknown);

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Report review by Bob S.' }));
  return screen.findByRole('dialog', { name: 'Report this review' });
}

describe('ReportButton', () => {
  it('asks for a reason first, sends the reason and the trimmed details, then thanks the member', async () => {
    const calls = stubFetch({
      ...signedIn,
      [`POST ${URL}`]: () => json(201, { kind: 'brand-review', itemId: 31, reported: true }),
    });
    renderReport();
    const dialog = await openDialog();
    // Every reason of the list, by its label.
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(
      Object.values(REPORT_REASON_LABELS),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.reason);
    expect(sent(calls)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS['private-information'] }));
    const details = within(dialog).getByLabelText(/Anything else we should know/);
    fireEvent.change(details, { target: { value: '  It shows her phone number.  ' } });
    expect(within(dialog).getByText('30 / 500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(REPORT_THANKS)).toBeTruthy();
    expect(sent(calls)).toEqual([{ reason: 'private-information', details: 'It shows her phone number.' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it("shows the API's refusals in its own words: 409 and 429 in the dialog, a 400 beside the field it names", async () => {
    let answer = json(409, { statusCode: 409, message: MODERATION_MESSAGES.alreadyReported });
    stubFetch({ ...signedIn, [`POST ${URL}`]: () => answer });
    renderReport();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.spam }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.alreadyReported);

    answer = json(429, { statusCode: 429, message: MODERATION_MESSAGES.tooMany(10) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MODERATION_MESSAGES.tooMany(10)));

    answer = json(400, { statusCode: 400, message: 'Invalid', errors: { details: MODERATION_MESSAGES.detailsTooLong } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const details = within(dialog).getByLabelText(/Anything else we should know/);
    await waitFor(() => expect(details.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${details.id}-error`)?.textContent).toBe(MODERATION_MESSAGES.detailsTooLong);
    expect(within(dialog).queryByText(REPORT_THANKS)).toBeNull();
  });

  it('asks a guest to sign in, and brings them back to the page', async () => {
    const calls = stubFetch(signedOut);
    renderReport();
    const dialog = await openDialog();
    const link = await within(dialog).findByRole('link', { name: 'Sign in to report' });
    expect(link.getAttribute('href')).toBe(
      `/api/login?returnTo=${encodeURIComponent('/brand/5/nudie-jeans?tab=reviews')}`,
    );
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
  });
});
