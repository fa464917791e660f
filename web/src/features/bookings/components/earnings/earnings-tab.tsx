import {
  isCalendarDate,
  londonDateOf,
  mediumDateLabel,
  SESSION_TYPE_LABELS,
  type HunterEarnings,
  type HunterPayout,
  type PayoutStatus,
} from '@hunted/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Landmark, ReceiptText } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DataList } from '@/components/data-table/data-list';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import type { DataRead } from '@/components/data-table/data-view';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { payoutAccountQueryOptions, usePayoutAccount } from '../../api/get-payout-account';
import { earningsCsvHref, useHunterEarnings } from '../../api/get-hunter-earnings';
import { formatMoney } from '@/lib/money';
import { taxYearAt, taxYearLabel, taxYearSpan, taxYearsSince } from '../../lib/tax-year';
import { BookingStatusBadge } from '../booking-status-badge';
import { useRefreshPayoutOnboarding } from '../../api/payout-mutations';
import { failed, GetPaidPanel, SimulatedOnboardingCard, useOpenLink } from './get-paid-panel';

const PAYOUT_LABELS: Record<PayoutStatus, string> = {
  pending: 'Pending',
  in_transit: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
};
const PAYOUT_TONES: Record<PayoutStatus, BadgeTone> = {
  pending: 'amber',
  in_transit: 'sky',
  paid: 'emerald',
  failed: 'neutral',
  canceled: 'neutral',
};

/** A London date as it is, an instant by its London date: '23 Nov 2026'. */
const shortDate = (value: string) => mediumDateLabel(isCalendarDate(value) ? value : londonDateOf(new Date(value)));

/**
 * `?payouts=` in the dashboard's address: Stripe's return, Stripe's refresh (an onboarding link expired), or
 * simulated mode's onboarding step.
 */
function usePayoutsParam(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const clear = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('payouts');
        return updated;
      },
      { replace: true },
    );
  return [params.get('payouts'), clear];
}

/**
 * The dashboard's Earnings tab: getting paid (the payout account), then a tax year's money — gross, the platform's
 * fees, refunds and net per booking — the account's payouts, and the year's CSV. Only an approved hunter can connect.
 */
export function EarningsTab({ approved, since }: { approved: boolean; since: string }) {
  const queryClient = useQueryClient();
  const [payoutsParam, clearPayoutsParam] = usePayoutsParam();
  const [returnedAt, setReturnedAt] = useState<number | null>(null);
  const account = usePayoutAccount({ enabled: approved, returnedAt });
  const [now] = useState(() => Date.now());
  const years = taxYearsSince(since, now);
  const [taxYear, setTaxYear] = useState(() => taxYearAt(now));
  const earnings = useHunterEarnings(taxYear);
  const yearSelectId = useId();

  // Back from Stripe's onboarding (once per arrival): read the account again, and keep reading it a little while
  // (the webhook that enables payouts can land after the hunter does).
  useEffect(() => {
    if (payoutsParam !== 'return') return;
    setReturnedAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: payoutAccountQueryOptions().queryKey });
    clearPayoutsParam();
    // Only the param: clearPayoutsParam is a new function each render, and this runs once per arrival.
  }, [payoutsParam]);

  // Stripe's refresh_url (the link expired or was used): ask for a fresh link once per arrival and go on to it.
  const openLink = useOpenLink();
  const refresh = useRefreshPayoutOnboarding({ onError: failed('Could not open payout setup again') });
  const refreshAsked = useRef(false);
  useEffect(() => {
    if (payoutsParam !== 'refresh' || !approved || refreshAsked.current) return;
    refreshAsked.current = true;
    clearPayoutsParam();
    refresh.mutate(undefined, { onSuccess: (link) => openLink(link.url) });
    // Only the param: the helpers are new functions each render, and this runs once per arrival.
  }, [payoutsParam, approved]);

  return (
    <div className="space-y-6">
      {refresh.isPending ? (
        <p role="status" className="text-sm text-stone-600">
          Opening Stripe's payout setup again…
        </p>
      ) : null}
      {payoutsParam === 'simulated' && approved ? <SimulatedOnboardingCard onDone={clearPayoutsParam} /> : null}
      <GetPaidPanel approved={approved} account={account} />

      <section aria-labelledby="earnings-heading" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="earnings-heading" className="text-lg font-bold text-stone-900">
              Earnings
            </h2>
            <p className="text-sm text-stone-500">Tax year {taxYearSpan(taxYear)}</p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-36">
              <label htmlFor={yearSelectId} className="mb-1 block text-xs font-medium text-stone-600">
                Tax year
              </label>
              <Select id={yearSelectId} value={taxYear} onChange={(event) => setTaxYear(Number(event.target.value))}>
                {years.map((year) => (
                  <option key={year} value={year}>
                    {taxYearLabel(year)}
                  </option>
                ))}
              </Select>
            </div>
            <a
              href={earningsCsvHref(taxYear)}
              download
              className={buttonClasses({ variant: 'outline', className: 'h-11' })}
            >
              <Download className="h-4 w-4" aria-hidden /> Download CSV
            </a>
          </div>
        </div>

        {earnings.isPending ? (
          <Spinner label="Loading your earnings..." />
        ) : earnings.isError ? (
          <div role="alert" className="rounded-3xl border border-stone-200 bg-white px-6 py-10 text-center">
            <p className="font-semibold text-stone-900">Your earnings could not be loaded</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => void earnings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className={cn('space-y-6', earnings.isPlaceholderData && 'opacity-60')}>
            <EarningsTotals earnings={earnings.data} />
            <EarningsBookings earnings={earnings.data} />
            <Payouts payouts={earnings.data.payouts} />
          </div>
        )}
      </section>
    </div>
  );
}

function Total({ label, value, note, strong }: { label: string; value: string; note: string; strong?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-2xl border p-4 shadow-xs sm:p-5',
        strong ? 'border-emerald-200 bg-emerald-50/60' : 'border-stone-200 bg-white',
      )}
    >
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p
        className={cn(
          'mt-2 text-2xl font-bold tracking-tight tabular-nums',
          strong ? 'text-emerald-900' : 'text-stone-900',
        )}
      >
        {value}
      </p>
      <p className="mt-1 text-xs text-stone-500">{note}</p>
    </div>
  );
}

function EarningsTotals({ earnings }: { earnings: HunterEarnings }) {
  const { totals } = earnings;
  return (
    <div role="group" aria-label="Earnings totals" className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
      <Total label="Gross" value={formatMoney(totals.grossPence, earnings.currency)} note="What clients paid" />
      <Total
        label="Fees"
        value={formatMoney(totals.feePence, earnings.currency)}
        note={
          totals.refundedPence > 0
            ? `Platform fees · ${formatMoney(totals.refundedPence, earnings.currency)} refunded`
            : 'Platform fees'
        }
      />
      <Total label="Net" value={formatMoney(totals.netPence, earnings.currency)} note="What you keep" strong />
    </div>
  );
}

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-xs">
      <h3 className="flex items-center gap-2 border-b border-stone-100 px-4 py-4 text-base font-bold text-stone-900 sm:px-5 [&_svg]:h-5 [&_svg]:w-5 [&_svg]:text-brand-600">
        {icon} {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The tab shows one spinner and one failure for all its figures, and dims them all while another year loads: its
 * table and list are handed the read as answered, so they neither repeat those states nor dim a second time.
 */
const ANSWERED: DataRead = { isPending: false, isError: false, error: null, refetch: () => undefined };

type EarningsBooking = HunterEarnings['bookings'][number];

/** On phones each booking is a small card: the same cells on a grid instead of table columns. */
const AMOUNT_CELL =
  'px-4 py-3 text-right tabular-nums max-md:col-span-2 max-md:p-0 max-md:text-left max-md:text-xs max-md:text-stone-500';

const BOOKING_COLUMNS: DataColumn<EarningsBooking>[] = [
  {
    id: 'date',
    header: 'Date',
    headerClassName: 'px-4 py-3 sm:pl-5',
    cellClassName: 'px-4 py-3 whitespace-nowrap text-stone-600 max-md:p-0 max-md:text-xs sm:pl-5',
    cell: (booking) => <time dateTime={booking.startsAt}>{shortDate(booking.startsAt)}</time>,
  },
  {
    id: 'client',
    header: 'Client',
    cellClassName: 'px-4 py-3 font-semibold text-stone-900 max-md:row-start-2 max-md:p-0',
    cell: (booking) => (
      <>
        {booking.clientName}
        {booking.status === 'cancelled' ? (
          <span className="ml-2 align-middle">
            <BookingStatusBadge status={booking.status} />
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    cellClassName: 'px-4 py-3 text-stone-600 max-md:col-span-2 max-md:p-0',
    cell: (booking) => SESSION_TYPE_LABELS[booking.sessionType] ?? booking.sessionType,
  },
  {
    id: 'gross',
    header: 'Gross',
    headerClassName: 'px-4 py-3 text-right',
    cellClassName: AMOUNT_CELL,
    cell: (booking) => (
      <>
        <span className="md:hidden">Gross </span>
        {formatMoney(booking.grossPence, booking.currency)}
      </>
    ),
  },
  {
    id: 'fee',
    header: 'Fee',
    headerClassName: 'px-4 py-3 text-right',
    cellClassName: cn(AMOUNT_CELL, 'text-stone-600'),
    cell: (booking) => (
      <>
        <span className="md:hidden">Fee </span>−{formatMoney(booking.feePence, booking.currency)}
      </>
    ),
  },
  {
    id: 'refunded',
    header: 'Refunded',
    headerClassName: 'px-4 py-3 text-right',
    cellClassName: cn(AMOUNT_CELL, 'text-stone-600'),
    cell: (booking) => (
      <>
        <span className="md:hidden">Refunded </span>
        {booking.refundedPence > 0 ? `−${formatMoney(booking.refundedPence, booking.currency)}` : '—'}
      </>
    ),
  },
  {
    id: 'net',
    header: 'Net',
    headerClassName: 'px-4 py-3 text-right sm:pr-5',
    cellClassName:
      'px-4 py-3 text-right font-semibold text-stone-900 tabular-nums max-md:col-start-2 max-md:row-start-1 max-md:row-end-3 max-md:self-center max-md:p-0 max-md:text-base sm:pr-5',
    cell: (booking) => formatMoney(booking.netPence, booking.currency),
  },
];

function EarningsBookings({ earnings }: { earnings: HunterEarnings }) {
  return (
    <Card title="Bookings" icon={<ReceiptText aria-hidden />}>
      <DataTable
        inCard
        stackOnPhones
        read={ANSWERED}
        rows={earnings.bookings}
        rowKey={(booking) => booking.bookingId}
        columns={BOOKING_COLUMNS}
        tableClassName="md:min-w-[46rem]"
        rowClassName="align-top max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-0.5 max-md:p-4"
        loadingLabel="Loading your earnings..."
        failedWhat="earnings"
        empty={{ description: 'No paid bookings in this tax year.' }}
      />
    </Card>
  );
}

function Payouts({ payouts }: { payouts: HunterPayout[] }) {
  return (
    <Card title="Payouts" icon={<Landmark aria-hidden />}>
      <DataList
        inCard
        read={ANSWERED}
        rows={payouts}
        rowKey={(payout) => payout.id}
        listClassName="divide-y divide-stone-100"
        rowClassName="flex flex-wrap items-center justify-between gap-3 px-4 py-3.5 sm:px-5"
        renderRow={(payout) => (
          <>
            <div>
              <p className="font-semibold text-stone-900 tabular-nums">{formatMoney(payout.amountPence, payout.currency)}</p>
              <p className="text-xs text-stone-500">
                {payout.status === 'paid' ? 'Arrived' : 'Expected'}{' '}
                <time dateTime={payout.arrivalDate}>{shortDate(payout.arrivalDate)}</time>
              </p>
            </div>
            <Badge tone={PAYOUT_TONES[payout.status] ?? 'neutral'}>
              {PAYOUT_LABELS[payout.status] ?? payout.status}
            </Badge>
          </>
        )}
        loadingLabel="Loading your earnings..."
        failedWhat="earnings"
        empty={{ description: 'No payouts in this tax year yet.' }}
      />
    </Card>
  );
}
