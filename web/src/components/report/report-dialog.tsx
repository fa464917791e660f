import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORTABLE_KIND_LABELS,
  type ReportableKind,
  type ReportReason,
} from '@hunted/contracts';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useFormState } from '@/components/form/use-form-state';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { useSendReport } from './report-api';

export const REPORT_THANKS =
  "Thanks for telling us. We'll look at it and let you know what we decide." as const;

const REPORT_FIELDS = ['reason', 'details'] as const;
type ReportField = (typeof REPORT_FIELDS)[number];

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * Reports one item: why (the short list of REPORT_REASONS), optional words, then a thank-you. The API's refusals are
 * shown in its own words: beside the field a 400 names, else above the buttons (409 already reported or one's own,
 * 429 too many today). A guest, or a member whose session ended, is asked to sign in and brought back here.
 */
export function ReportDialog({
  kind,
  itemId,
  subject,
  onOpenChange,
  onReported,
}: {
  kind: ReportableKind;
  itemId: number;
  subject: string;
  onOpenChange: (open: boolean) => void;
  onReported: () => void;
}) {
  const auth = useAuth();
  const [sent, setSent] = useState(false);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const what = REPORTABLE_KIND_LABELS[kind];

  const body =
    auth.status === 'unauthenticated' || signInNeeded ? (
      <SignInFirst what={what} onClose={() => onOpenChange(false)} />
    ) : sent ? (
      <Thanks onClose={() => onOpenChange(false)} />
    ) : (
      <ReportForm
        kind={kind}
        itemId={itemId}
        onCancel={() => onOpenChange(false)}
        onSent={() => {
          setSent(true);
          onReported();
        }}
        onSignedOut={() => setSignInNeeded(true)}
      />
    );

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={sent ? 'Report sent' : `Report this ${what}`}
        description={sent ? undefined : `Tell us what is wrong with the ${subject}. Only our team sees your report.`}
        className="sm:max-w-lg"
      >
        {body}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  kind,
  itemId,
  onCancel,
  onSent,
  onSignedOut,
}: {
  kind: ReportableKind;
  itemId: number;
  onCancel: () => void;
  onSent: () => void;
  onSignedOut: () => void;
}) {
  const id = useId();
  const form = useFormState<{ reason: ReportReason | ''; details: string }, ReportField>({
    initialValues: { reason: '', details: '' },
    fields: REPORT_FIELDS,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendReport();
  const { reason, details } = form.values;
  const reasonError = form.errors.reason;
  const detailsError = form.errors.details;
  const detailsId = form.fieldId('details');

  const submit = form.handleSubmit({
    validate: (values) => {
      setProblem(null);
      const found: Partial<Record<ReportField, string>> = {};
      if (values.reason === '') found.reason = MODERATION_MESSAGES.reason;
      if (values.details.trim().length > MODERATION_LIMITS.reportDetailsMax) {
        found.details = MODERATION_MESSAGES.detailsTooLong;
      }
      return found;
    },
    send: async (values) => {
      const trimmed = values.details.trim();
      try {
        await send.mutateAsync({
          kind,
          itemId,
          reason: values.reason as ReportReason,
          ...(trimmed ? { details: trimmed } : {}),
        });
      } catch (failure) {
        if (failure instanceof HttpError && failure.status === 401) {
          onSignedOut();
          return null;
        }
        const fieldErrors = fieldErrorsOf(failure);
        if (fieldErrors) return fieldErrors;
        setProblem(serverMessageOf(failure) ?? 'The report could not be sent. Please try again.');
        return null;
      }
      onSent();
      return null;
    },
  });

  const problems = [problem, ...form.otherErrors].filter((message): message is string => Boolean(message));
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5">
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold text-stone-800">Why are you reporting it?</legend>
        <div className="grid gap-1.5 sm:gap-2">
          {REPORT_REASONS.map((value, index) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-2xl border px-3.5 py-2 text-[15px] transition-colors sm:py-2.5',
                reason === value
                  ? 'border-brand-400 bg-brand-50 font-semibold text-stone-900 ring-2 ring-brand-100'
                  : 'border-stone-200 text-stone-800 hover:bg-stone-50',
              )}
            >
              <input
                type="radio"
                // The first radio carries the field's id, so a missing reason puts focus there.
                id={index === 0 ? form.fieldId('reason') : undefined}
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                aria-invalid={Boolean(reasonError)}
                onChange={() => {
                  form.setValue('reason', value);
                  form.clearErrors('reason');
                }}
                className="h-4 w-4 shrink-0 accent-brand-600"
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </div>
        {reasonError ? (
          <FieldError id={`${id}-reason-error`}>
            <span role="alert">{reasonError}</span>
          </FieldError>
        ) : null}
      </fieldset>

      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={detailsId} className="text-sm font-semibold text-stone-800">
            Anything else we should know? <span className="font-normal text-stone-500">(optional)</span>
          </label>
          <span id={`${detailsId}-count`} className="text-xs text-stone-500 tabular-nums">
            {numberFormat.format(details.length)} / {numberFormat.format(MODERATION_LIMITS.reportDetailsMax)}
          </span>
        </div>
        <Textarea
          id={detailsId}
          value={details}
          rows={3}
          maxLength={MODERATION_LIMITS.reportDetailsMax}
          placeholder="e.g. The same text is posted on several brands."
          className="mt-1.5 min-h-24"
          aria-invalid={Boolean(detailsError)}
          aria-describedby={[detailsError ? `${detailsId}-error` : null, `${detailsId}-count`].filter(Boolean).join(' ')}
          onChange={(event) => {
            form.setValue('details', event.target.value);
            form.clearErrors('details');
          }}
        />
        {detailsError ? (
          <FieldError id={`${detailsId}-error`}>
            <span role="alert">{detailsError}</span>
          </FieldError>
        ) : null}
      </div>

      {problems.length > 0 ? (
        <div role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {problems.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

function Thanks({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex flex-col items-center py-2 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
        <CircleCheck className="h-6 w-6" aria-hidden />
      </div>
      <p role="status" className="mt-4 max-w-sm text-[15px] leading-6 text-stone-700">
        {REPORT_THANKS}
      </p>
      <Button className="mt-6 w-full sm:w-auto" onClick={onClose}>
        Done
      </Button>
    </div>
  );
}

/** A guest signs in first and comes back to the page they were reading (identity's returnTo). */
function SignInFirst({ what, onClose }: { what: string; onClose: () => void }) {
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}${location.hash}`;
  return (
    <div className="flex flex-col items-center py-2 text-center">
      <div className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <LockKeyhole className="h-6 w-6" aria-hidden />
      </div>
      <p className="mt-4 max-w-sm text-[15px] leading-6 text-stone-700">
        Please sign in to report this {what}. You will come back to this page.
      </p>
      <div className="mt-6 flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
        <Button variant="outline" onClick={onClose}>
          Not now
        </Button>
        <a href={paths.login.getHref(returnTo)} className={buttonClasses()}>
          Sign in to report
        </a>
      </div>
    </div>
  );
}
