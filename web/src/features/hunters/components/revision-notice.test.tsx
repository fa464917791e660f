import { VETTING_MESSAGES, type HunterRevision } from '@hunted/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOwnHunter } from '@/testing/data-generators';
import { RevisionNotice } from './revision-notice';

const revision = (overrides: Partial<HunterRevision>): HunterRevision => ({
  id: 3,
  status: 'pending',
  changes: { name: 'Sofia Marchetti', bio: 'Milan buyer.' },
  live: { name: 'Ottoline Vance', bio: 'Paris vintage.' },
  reason: null,
  submittedAt: '2026-11-25T09:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('RevisionNotice', () => {
  it('tells the hunter their change waits for review, beside what clients see now', () => {
    render(<RevisionNotice hunter={anOwnHunter({ name: 'Ottoline Vance', revision: revision({}) })} />);
    const notice = screen.getByRole('status', { name: 'Profile changes' });
    expect(notice.textContent).toContain(VETTING_MESSAGES.revisionPending);
    expect(cellsOf(within(notice).getByRole('table', { name: 'Your changes waiting for review' }))).toEqual([
      ['Field', 'Live now', 'Waiting for review'],
      ['Name', 'Ottoline Vance', 'Sofia Marchetti'],
      ['Bio', 'Paris vintage.', 'Milan buyer.'],
    ]);
  });

  it('tells the hunter why their change was not approved, and that the approved profile still shows', () => {
    const rejected = revision({ status: 'rejected', reason: 'Use your own name.', decidedAt: '2026-11-26T09:00:00.000Z' });
    render(<RevisionNotice hunter={anOwnHunter({ revision: rejected })} editProfile={<a href="/x">Edit your profile</a>} />);
    const notice = screen.getByRole('status', { name: 'Profile changes' });
    expect(notice.textContent).toContain(VETTING_MESSAGES.revisionRejected);
    expect(notice.textContent).toContain('Reason: Use your own name.');
    expect(notice.textContent).toContain(VETTING_MESSAGES.revisionRejectedHint);
    expect(within(notice).getByRole('link', { name: 'Edit your profile' })).toBeTruthy();
  });

  it('shows nothing without a change, or once it was approved', () => {
    const { container } = render(
      <>
        <RevisionNotice hunter={anOwnHunter({ revision: null })} />
        <RevisionNotice hunter={anOwnHunter({ revision: revision({ status: 'approved', decidedAt: '2026-11-26T09:00:00.000Z' }) })} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
