import { CANCELLATION_POLICY, EXPRESS_REQUEST } from '@hunted/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CancellationPolicy } from './cancellation-policy';

const now = Date.parse('2026-07-06T08:00:00Z');
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

function renderPolicy(props: Parameters<typeof CancellationPolicy>[0]) {
  render(
    <MemoryRouter>
      <CancellationPolicy {...props} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Cancellation policy' });
}

describe('CancellationPolicy', () => {
  it('states every refund rule and links the terms, before a time is chosen', () => {
    const policy = renderPolicy({ startsAt: null, now });
    for (const rule of CANCELLATION_POLICY.rules) expect(within(policy).getByText(rule)).toBeTruthy();
    expect(within(policy).getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms#cancellations');
    expect(within(policy).queryByText(EXPRESS_REQUEST.withinPeriod)).toBeNull();
    expect(within(policy).queryByText(EXPRESS_REQUEST.beyondPeriod)).toBeNull();
  });

  it('asks for the express request with its checkbox for a time within 14 days', () => {
    const onChange = vi.fn();
    const policy = renderPolicy({ startsAt: inDays(1), now, expressRequest: { checked: false, onChange } });
    expect(within(policy).getByText(EXPRESS_REQUEST.withinPeriod)).toBeTruthy();
    fireEvent.click(within(policy).getByRole('checkbox', { name: EXPRESS_REQUEST.checkboxLabel }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('says the request was made where it can no longer be asked (the payment page)', () => {
    const policy = renderPolicy({ startsAt: inDays(13), now, requested: true });
    expect(within(policy).queryByRole('checkbox')).toBeNull();
    expect(within(policy).getByText(/You asked for this session to take place within the cancellation period/)).toBeTruthy();
  });

  it('says the 14-day right applies to a time 14 or more days ahead, with no checkbox', () => {
    const policy = renderPolicy({ startsAt: inDays(14), now, expressRequest: { checked: false, onChange: vi.fn() } });
    expect(within(policy).getByText(EXPRESS_REQUEST.beyondPeriod)).toBeTruthy();
    expect(within(policy).queryByRole('checkbox')).toBeNull();
  });
});
