import {
  BOOKING_ACTION_RULES,
  SESSION_TYPE_LABELS,
  type AdminBookingDispute,
  type ResolveDisputeRequest,
} from '@hunted/contracts';
import { useId } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { useFormState } from '@/components/form/use-form-state';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field';
import { serverMessageOf } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';
import { useResolveDispute } from '../../api/booking-disputes';

export const RESOLVE_MESSAGES = {
  resolution: 'Choose to refund the client or dismiss the dispute',
  note: 'Add a note explaining the decision',
} as const;

const RESOLVE_FIELDS = ['resolution'] as const;

const CHOICES: { value: ResolveDisputeRequest['resolution']; label: string; detail: string }[] = [
  {
    value: 'refund',
    label: 'Refund the client',
    detail: 'The client gets the full price back; the no-show mark no longer counts.',
  },
  { value: 'dismiss', label: 'Dismiss', detail: 'The no-show stands and nothing is refunded.' },
];

/** Settles a disputed no-show: refund in full or dismiss, always with a note both sides read. */
export function ResolveDisputeDialog({
  dispute,
  onOpenChange,
  onResolved,
}: {
  dispute: AdminBookingDispute;
  onOpenChange: (open: boolean) => void;
  onResolved: (resolution: ResolveDisputeRequest['resolution']) => void;
}) {
  const id = useId();
  const form = useFormState<{ resolution: ResolveDisputeRequest['resolution'] | null }, 'resolution'>({
    initialValues: { resolution: null },
    fields: RESOLVE_FIELDS,
  });
  const { resolution } = form.values;
  const resolutionError = form.errors.resolution;
  const resolve = useResolveDispute();

  const resolveWith = async (note: string): Promise<ActionOutcome> => {
    // validate() let nothing through without a choice.
    if (!resolution) return 'dropped';
    try {
      await resolve.mutateAsync({ bookingId: dispute.bookingId, resolution, note });
    } catch (failure) {
      return { problem: serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.' };
    }
    onResolved(resolution);
    return 'done';
  };

  return (
    <ActionDialog
      title={`Resolve dispute: ${dispute.clientName} and ${dispute.hunterName}`}
      description={`${SESSION_TYPE_LABELS[dispute.sessionType]}, ${formatMoney(dispute.pricePence, dispute.currency)}. ${dispute.hunterName} marked the client as a no-show.`}
      reason={{
        label: 'Note',
        maxLength: BOOKING_ACTION_RULES.reasonMax,
        rows: 3,
        placeholder: "e.g. The hunter's messages show they waited 15 minutes; the client did not answer.",
        requiredMessage: RESOLVE_MESSAGES.note,
      }}
      validate={() => form.showErrors(resolution === null ? { resolution: RESOLVE_MESSAGES.resolution } : {})}
      confirmLabel="Save decision"
      pendingLabel="Saving…"
      cancelLabel="Close"
      onConfirm={resolveWith}
      onOpenChange={onOpenChange}
    >
      <fieldset aria-describedby={resolutionError ? `${id}-resolution-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-stone-800">Decision</legend>
        <div className="grid gap-2">
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-2xl border p-3.5 transition-colors',
                resolution === choice.value
                  ? 'border-brand-400 bg-brand-50 ring-2 ring-brand-100'
                  : 'border-stone-200 hover:bg-stone-50',
              )}
            >
              <input
                type="radio"
                name={`${id}-resolution`}
                value={choice.value}
                checked={resolution === choice.value}
                onChange={() => form.setValue('resolution', choice.value)}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <span>
                <span className="block font-semibold text-stone-900">{choice.label}</span>
                <span className="block text-sm text-stone-600">{choice.detail}</span>
              </span>
            </label>
          ))}
        </div>
        {resolutionError ? (
          <FieldError id={`${id}-resolution-error`}>
            <span role="alert">{resolutionError}</span>
          </FieldError>
        ) : null}
      </fieldset>
    </ActionDialog>
  );
}
