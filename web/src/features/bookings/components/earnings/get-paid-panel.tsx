import { PAYOUT_MESSAGES, payoutsNotAvailableIn, type PayoutAccount } from '@hunted/contracts';
import { BadgeCheck, Banknote, CircleAlert, ExternalLink, FlaskConical, Landmark, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import {
  useCreatePayoutLoginLink,
  useEnableSimulatedPayouts,
  useStartPayoutOnboarding,
} from '../../api/payout-mutations';
import { readableRequirements } from './requirement-labels';

export const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: serverMessageOf(error) ?? 'Please try again in a moment.' });

/** An SPA path (simulated onboarding) opens in place; Stripe's hosted pages are a full navigation. */
export function useOpenLink() {
  const navigate = useNavigate();
  return (url: string) => {
    if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/')) void navigate(url);
    else window.location.assign(url);
  };
}

function PanelFrame({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="get-paid-heading"
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="get-paid-heading" className="text-lg font-bold text-stone-900">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}

/**
 * 'Get paid': where the hunter's payout account stands and the one next step. Not connected: 'Get paid' creates the
 * Express account and opens Stripe's onboarding; connected but not enabled: what Stripe still needs and 'Finish
 * setup'; enabled: 'Payouts enabled' and the Express dashboard.
 */
export function GetPaidPanel({
  approved,
  account,
}: {
  approved: boolean;
  account: { data?: PayoutAccount; isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const openLink = useOpenLink();
  const onboarding = useStartPayoutOnboarding({ onError: failed('Could not open payout setup') });
  const loginLink = useCreatePayoutLoginLink({ onError: failed('Could not open the Stripe dashboard') });
  const startOnboarding = () => onboarding.mutate(undefined, { onSuccess: (link) => openLink(link.url) });

  if (!approved) {
    return (
      <PanelFrame icon={<Lock aria-hidden />} title="Get paid">
        <p className="mt-1 text-sm text-stone-600">{PAYOUT_MESSAGES.notApproved}.</p>
        <p className="mt-1 text-sm text-stone-500">
          Once the concierge team approves your profile you can connect a bank account here.
        </p>
      </PanelFrame>
    );
  }
  if (account.isPending) {
    return (
      <PanelFrame icon={<Landmark aria-hidden />} title="Get paid">
        <Spinner label="Loading your payout account..." />
      </PanelFrame>
    );
  }
  if (account.isError || !account.data) {
    return (
      <PanelFrame icon={<CircleAlert aria-hidden />} title="Get paid">
        <p className="mt-1 text-sm text-stone-600">Your payout account could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </PanelFrame>
    );
  }
  const payout = account.data;
  const simulatedNote =
    payout.mode === 'simulated' ? (
      <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-2.5 py-1 text-xs font-semibold text-violet-800 ring-1 ring-violet-200 ring-inset">
        <FlaskConical className="h-3.5 w-3.5" aria-hidden /> Simulated payouts: no real money moves
      </p>
    ) : null;

  if (!payout.connected && !payout.payoutsAvailable) {
    return (
      <PanelFrame icon={<Banknote aria-hidden />} title="Get paid">
        <p className="mt-1 text-sm text-stone-600">{payoutsNotAvailableIn(payout.countryName ?? 'your country')}.</p>
        <p className="mt-1 text-sm text-stone-500">Free sessions stay bookable meanwhile.</p>
      </PanelFrame>
    );
  }

  if (!payout.connected) {
    return (
      <PanelFrame icon={<Banknote aria-hidden />} title="Get paid">
        <p className="mt-1 text-sm text-stone-600">
          Connect a payout account with Stripe to take paid bookings. Clients pay Hunted; your share, after the platform
          fee, goes straight to your bank.
        </p>
        {payout.countryName ? (
          <p className="mt-1 text-sm text-stone-600">
            Your account is created in {payout.countryName}, where your profile says you are; Stripe fixes its country
            once it is made.
          </p>
        ) : null}
        {simulatedNote}
        <Button className="mt-4" onClick={startOnboarding} disabled={onboarding.isPending}>
          <Landmark className="h-4 w-4" aria-hidden /> {onboarding.isPending ? 'Opening…' : 'Get paid'}
        </Button>
      </PanelFrame>
    );
  }

  if (!payout.payoutsEnabled) {
    const needs = readableRequirements(payout.requirementsDue);
    return (
      <PanelFrame icon={<CircleAlert aria-hidden />} title="Finish setting up payouts">
        <p className="mt-1 text-sm text-stone-600">
          Stripe needs a little more before you can take paid bookings. Your paid sessions show as &lsquo;
          {PAYOUT_MESSAGES.notTakingPaid}&rsquo; until then; free ones stay bookable.
        </p>
        {needs.length > 0 ? (
          <div className="mt-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 ring-inset">
            <h3 className="text-sm font-semibold text-amber-900">Stripe still needs</h3>
            <ul aria-label="Stripe still needs" className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
              {needs.map((need) => (
                <li key={need}>{need}</li>
              ))}
            </ul>
          </div>
        ) : payout.detailsSubmitted ? (
          <p className="mt-3 text-sm text-stone-600">
            Your details are with Stripe for review. This usually takes a few minutes.
          </p>
        ) : null}
        {simulatedNote}
        <Button className="mt-4" onClick={startOnboarding} disabled={onboarding.isPending}>
          {onboarding.isPending ? 'Opening…' : 'Finish setup'}
        </Button>
      </PanelFrame>
    );
  }

  return (
    <PanelFrame icon={<BadgeCheck aria-hidden />} title="Payouts enabled">
      <p className="mt-1 text-sm text-stone-600">
        You can take paid bookings. Your earnings are paid to your bank account automatically.
      </p>
      {simulatedNote}
      {payout.mode === 'stripe' ? (
        <Button
          variant="outline"
          className="mt-4"
          disabled={loginLink.isPending}
          onClick={() => loginLink.mutate(undefined, { onSuccess: (link) => window.location.assign(link.url) })}
        >
          <ExternalLink className="h-4 w-4" aria-hidden /> {loginLink.isPending ? 'Opening…' : 'Open Stripe dashboard'}
        </Button>
      ) : null}
    </PanelFrame>
  );
}

/**
 * Simulated mode's onboarding step (where the simulated 'Get paid' lands): no Stripe, no bank, one click enables a
 * simulated account so the whole booking and payout flow can be tried on a fresh machine.
 */
export function SimulatedOnboardingCard({ onDone }: { onDone: () => void }) {
  const enable = useEnableSimulatedPayouts({
    onSuccess: () => {
      toast({ title: 'Simulated payouts enabled', description: 'Your paid sessions can now be booked.' });
      onDone();
    },
    onError: failed('Could not enable simulated payouts'),
  });
  return (
    <section
      aria-labelledby="simulated-onboarding-heading"
      className="rounded-3xl border border-violet-200 bg-gradient-to-br from-violet-50 to-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-violet-100 text-violet-700">
          <FlaskConical className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="simulated-onboarding-heading" className="text-lg font-bold text-stone-900">
            Simulated payout onboarding
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            This Hunted runs without Stripe keys, so payouts are simulated: no bank details are asked for and no real
            money moves. Enabling simulated payouts lets clients book your paid sessions, and your earnings and payouts
            are computed from confirmed bookings.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => enable.mutate()} disabled={enable.isPending}>
              {enable.isPending ? 'Enabling…' : 'Enable simulated payouts'}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Not now
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
