import { MODERATION_MESSAGES, REPORT_REASON_LABELS, type ModerationItem, type ReportableKind } from '@hunted/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin } from '@/testing/data-generators';
import { json, stubFetch, type RecordedCall } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/test-utils';

const asAdmin = {
  'GET /api/auth/user': () => json(200, admin),
  'GET /api/admin/brands': () => json(200, []),
};
const openReports = async () =>
  fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Reports' }), { button: 0 });
const posted = (calls: RecordedCall[], url: string) =>
  calls.filter((call) => call.init.method === 'POST' && call.url === url).map((call) => JSON.parse(String(call.init.body)) as unknown);

function anItem(kind: ReportableKind, itemId: number, title: string, waitingSince: string | null, extra: Partial<ModerationItem> = {}): ModerationItem {
  return {
    kind,
    itemId,
    state: 'open',
    content: {
      title,
      text: `The words of ${title}.`,
      authorName: 'Bob S.',
      href: `/brand/${itemId}`,
      createdAt: '2026-11-01T10:00:00.000Z',
      imageUrl: null,
    },
    reports: [{ reason: 'spam', details: 'Posted on ten brands.', reportedAt: waitingSince ?? '2026-11-02T10:00:00.000Z', open: true }],
    waitingSince,
    hiddenReason: null,
    appeal: null,
    decisions: [],
    ...extra,
  };
}

const review = anItem('brand-review', 31, 'Review of Nudie Jeans', '2026-12-02T09:00:00.000Z');
const comment = anItem('comment', 8, 'Comment on Nudie Jeans', '2026-12-01T09:00:00.000Z');
const appealed = anItem('hunter-review', 4, 'Review of Sofia Marin', '2026-12-03T09:00:00.000Z', {
  state: 'appealed',
  hiddenReason: 'Shares a phone number',
  appeal: { text: 'I removed nothing private.', appealedAt: '2026-12-03T09:00:00.000Z' },
  decisions: [{ action: 'hidden', reason: 'Shares a phone number', decidedBy: 'Grace', decidedAt: '2026-12-02T15:00:00.000Z' }],
});
const brand = anItem('brand', 5, 'Loud Brand', '2026-11-30T09:00:00.000Z', {
  content: { ...review.content, title: 'Loud Brand', href: '/brand/5', imageUrl: '/demo-brands/loud.svg' },
});

const queue = (kind: ReportableKind, state = 'queue') => `GET /api/admin/moderation/${kind}?state=${state}`;

describe('/admin, Reports tab', () => {
  it('merges the four kinds oldest waiting first, and filters by kind', async () => {
    const calls = stubFetch({
      ...asAdmin,
      [queue('brand')]: () => json(200, [brand]),
      [queue('brand-review')]: () => json(200, [review]),
      [queue('comment')]: () => json(200, [comment]),
      [queue('hunter-review')]: () => json(200, [appealed]),
      [queue('comment', 'hidden')]: () => json(200, []),
    });
    renderRoute('/admin');
    await openReports();
    const list = await screen.findByRole('list', { name: 'Reported items' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem', { name: /./ }).map((item) => item.getAttribute('aria-label'))).toEqual([
        'Loud Brand',
        'Comment on Nudie Jeans',
        'Review of Nudie Jeans',
        'Review of Sofia Marin',
      ]),
    );
    const row = within(list).getByRole('listitem', { name: 'Review of Sofia Marin' });
    expect(row.textContent).toContain('I removed nothing private.');
    expect(row.textContent).toContain(REPORT_REASON_LABELS.spam);
    expect(row.textContent).toContain('Posted on ten brands.');
    expect(within(row).getByRole('list', { name: 'Decisions on Review of Sofia Marin' }).textContent).toContain('by Grace');
    expect(within(row).getByRole('button', { name: 'Restore Review of Sofia Marin' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Hide/ })).toBeNull();

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'comment' } });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'hidden' } });
    expect(await screen.findByText('Nothing is hidden.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/admin/moderation/brand?state=hidden')).toBe(false);
  });

  it('hides only with a reason, and updates the row with the answer', async () => {
    const calls = stubFetch({
      ...asAdmin,
      [queue('brand')]: () => json(200, []),
      [queue('brand-review')]: () => json(200, [review]),
      [queue('comment')]: () => json(200, []),
      [queue('hunter-review')]: () => json(200, []),
      'POST /api/admin/moderation/brand-review/31/hide': () =>
        json(200, {
          ...review,
          state: 'hidden',
          waitingSince: null,
          hiddenReason: 'Advertising a shop',
          reports: review.reports.map((report) => ({ ...report, open: false })),
          decisions: [{ action: 'hidden', reason: 'Advertising a shop', decidedBy: 'Grace', decidedAt: '2026-12-04T10:00:00.000Z' }],
        }),
    });
    renderRoute('/admin');
    await openReports();
    const row = await screen.findByRole('listitem', { name: 'Review of Nudie Jeans' });
    fireEvent.click(within(row).getByRole('button', { name: 'Hide Review of Nudie Jeans' }));
    const dialog = await screen.findByRole('dialog', { name: /^Hide/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MODERATION_MESSAGES.hideReason);
    expect(posted(calls, '/api/admin/moderation/brand-review/31/hide')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Why is it hidden/), { target: { value: ' Advertising a shop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls, '/api/admin/moderation/brand-review/31/hide')).toEqual([{ reason: 'Advertising a shop' }]);

    const updated = screen.getByRole('listitem', { name: 'Review of Nudie Jeans' });
    expect(updated.textContent).toContain('Hidden because: Advertising a shop');
    expect(within(updated).getByRole('list', { name: 'Decisions on Review of Nudie Jeans' }).textContent).toContain(
      'by Grace',
    );
    expect(within(updated).getByRole('button', { name: 'Restore Review of Nudie Jeans' })).toBeTruthy();
    expect(within(updated).queryByRole('button', { name: 'Hide Review of Nudie Jeans' })).toBeNull();
  });

  it('dismisses with an optional reason and shows a refusal in the API words', async () => {
    const calls = stubFetch({
      ...asAdmin,
      [queue('brand')]: () => json(200, []),
      [queue('brand-review')]: () => json(200, []),
      [queue('comment')]: () => json(200, [comment]),
      [queue('hunter-review')]: () => json(500, { message: 'Service unavailable' }),
      'POST /api/admin/moderation/comment/8/dismiss': () =>
        json(409, { statusCode: 409, message: MODERATION_MESSAGES.nothingToDecide }),
    });
    renderRoute('/admin');
    await openReports();
    const row = await screen.findByRole('listitem', { name: 'Comment on Nudie Jeans' });
    // One owner away: the others' items still show, and the page says which are missing.
    expect((await screen.findByText(/Could not load the hunter reviews/)).textContent).toContain('the rest are below');
    fireEvent.click(within(row).getByRole('button', { name: 'Dismiss Comment on Nudie Jeans' }));
    const dialog = await screen.findByRole('dialog', { name: /^Dismiss/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MODERATION_MESSAGES.nothingToDecide);
    expect(posted(calls, '/api/admin/moderation/comment/8/dismiss')).toEqual([{}]);
  });
});
