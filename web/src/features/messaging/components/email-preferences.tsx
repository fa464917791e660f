import {
  OPTIONAL_EMAIL_DESCRIPTIONS,
  OPTIONAL_EMAIL_KINDS,
  OPTIONAL_EMAIL_LABELS,
  type OptionalEmailKind,
} from '@hunted/contracts';
import { Mail, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { LoadFailed } from '@/components/data-table/load-failed';
import { SettingsSection } from '@/components/settings-section';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { useEmailPreferences, useUpdateEmailPreference } from '../api/email-preferences';

/** The anchor of this section: the footer of every optional email links to `/edit-profile#email-preferences`. */
export const EMAIL_PREFERENCES_SECTION_ID = 'email-preferences';

/**
 * "Email preferences" on /edit-profile: a switch per kind of email a member may turn off, each saved the moment it
 * is flipped. Messaging checks the switch when it sends, so turning one off stops what was already planned.
 */
export function EmailPreferences() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreference({
    onError: (error, { kind, on }) =>
      toast({
        variant: 'destructive',
        title: 'Could not save your email preferences',
        description:
          serverMessageOf(error) ??
          `${OPTIONAL_EMAIL_LABELS[kind]} is back ${on ? 'off' : 'on'}. Please try again in a moment.`,
      }),
  });
  useScrollToHash(EMAIL_PREFERENCES_SECTION_ID, !preferences.isPending);

  return (
    <SettingsSection
      id={EMAIL_PREFERENCES_SECTION_ID}
      icon={<Mail />}
      title="Email preferences"
      description="Choose which emails you get from Hunted. Changes are saved at once."
    >
      {preferences.isPending ? (
        <Spinner label="Loading your email preferences..." />
      ) : preferences.isError ? (
        <div className="rounded-2xl border border-stone-200">
          <LoadFailed
            error={preferences.error}
            what="your email preferences"
            onRetry={() => void preferences.refetch()}
          />
        </div>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200">
          {OPTIONAL_EMAIL_KINDS.map((kind) => (
            <PreferenceRow
              key={kind}
              kind={kind}
              on={preferences.data.preferences[kind]}
              onChange={(on) => update.mutate({ kind, on })}
            />
          ))}
        </ul>
      )}
      <p className="mt-4 flex items-start gap-2 text-sm text-stone-500">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
        Booking confirmations, changes, cancellations, receipts and account notices are always sent.
      </p>
    </SettingsSection>
  );
}

function PreferenceRow({ kind, on, onChange }: { kind: OptionalEmailKind; on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3.5 sm:px-5">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-semibold text-stone-900">
          {OPTIONAL_EMAIL_LABELS[kind]}
        </p>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-stone-500">
          {OPTIONAL_EMAIL_DESCRIPTIONS[kind]}
        </p>
      </div>
      <Switch
        tone="brand"
        checked={on}
        onCheckedChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
      />
    </li>
  );
}
