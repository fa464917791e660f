import type { AccountDeletionView } from '@hunted/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/auth';
import { serverMessageOf } from '@/lib/field-errors';
import { useAccountDeletion, useDeleteAccount } from '../api/account-deletion';

/** What deleting the account does, as the dialog tells it before anything is sent (decision 0098). */
const WHAT_HAPPENS = [
  'Every session ends: you are signed out everywhere at once.',
  "Your reviews and comments stay on the brands' pages, shown as 'Former member'.",
  "Messages you sent stay for the other person, from 'Former member'.",
  'Your votes stay as counts, with nothing that points to you.',
  'Paid bookings are kept for six years without your details, for UK tax records.',
  'Your hunter profile and photos are removed.',
  'Signing in again later makes a new, empty account.',
] as const;

/** Whether the account is gone: the services are erasing (or done), or the session itself has ended (401). */
function isGone(view: AccountDeletionView | null | undefined, error: unknown): boolean {
  if (error instanceof HttpError && error.status === 401) return true;
  return view?.status === 'erasing' || view?.status === 'done';
}

/**
 * "Delete my account" on /edit-profile: a dialog that says what happens and asks for the account's email, then the
 * deletion is checked against bookings (upcoming sessions, open disputes, payouts owed). Refused, it says why;
 * cleared, the account is gone at once, so the app forgets everything it had read and shows /account-deleted.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const inputId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState(false);
  const ask = useDeleteAccount();
  const deletion = useAccountDeletion(asked);
  const view = deletion.data?.deletion ?? null;
  const gone = asked && isGone(view, deletion.error);
  const checking = asked && !gone && view?.status === 'checking';
  const refused = asked && view?.status === 'refused' ? view.blockers : null;

  useEffect(() => {
    if (!gone) return;
    // Nothing read for the deleted account may be shown again. The current user is kept as an entry, set to signed
    // out, rather than removed: the header watches that entry, and a removed one would keep showing the member.
    const userKey = userQueryOptions().queryKey;
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(userKey) });
    queryClient.setQueryData(userKey, null);
    void navigate(paths.accountDeleted.getHref(), { replace: true });
  }, [gone, navigate, queryClient]);

  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = async (): Promise<ActionOutcome> => {
    try {
      await ask.mutateAsync({ email: typed.trim() });
      setAsked(true);
      return 'dropped';
    } catch (error) {
      return { problem: serverMessageOf(error) ?? 'Your account could not be deleted just now. Please try again in a moment.' };
    }
  };

  return (
    <SettingsSection
      icon={<Trash2 />}
      tone="danger"
      title="Delete my account"
      description="Delete your account and what Hunted holds about you. This cannot be undone."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          variant="outline"
          // Important: the outline variant sets its own border and text colours, which the danger zone overrides.
          className="border-red-300! text-red-700! hover:border-red-400! hover:bg-red-50!"
          onClick={() => setOpen(true)}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> Delete my account
        </Button>
        {checking && !open ? <CheckingBookings /> : null}
      </div>

      {open ? (
        <ActionDialog
          onOpenChange={setOpen}
          title="Delete my account"
          description="This cannot be undone. Here is what happens:"
          confirmLabel="Delete my account"
          pendingLabel="Deleting..."
          confirmClassName="bg-red-600 hover:bg-red-700 active:bg-red-800"
          canConfirm={matches && !checking && !gone}
          onConfirm={confirm}
        >
          <ul className="space-y-2 text-sm leading-6 text-stone-700">
            {WHAT_HAPPENS.map((line) => (
              <li key={line} className="flex gap-2.5">
                <span className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-stone-400" aria-hidden />
                {line}
              </li>
            ))}
          </ul>
          <div className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100">
            <Label htmlFor={inputId}>Type your email to confirm</Label>
            <Input
              id={inputId}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              placeholder={email}
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => setTyped(event.target.value)}
            />
            <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-stone-500">
              Your account&apos;s email is {email}.
            </p>
          </div>
          {checking ? <CheckingBookings /> : null}
          {refused ? (
            <div role="alert" className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <p className="flex items-center gap-2 font-semibold">
                <CircleAlert className="h-4 w-4 shrink-0" aria-hidden /> Your account cannot be deleted yet
              </p>
              <ul className="mt-2 list-disc space-y-1 pl-6">
                {refused.map((blocker) => (
                  <li key={blocker.code}>{blocker.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </ActionDialog>
      ) : null}
    </SettingsSection>
  );
}

function CheckingBookings() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium text-stone-700">
      <LoaderCircle className="h-4 w-4 animate-spin text-brand-600" aria-hidden />
      Checking your bookings…
    </p>
  );
}
