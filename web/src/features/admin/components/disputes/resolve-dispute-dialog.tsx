import {
  BOOKING_ACTION_RULES,
  SESSION_TYPE_LABELS,
  type AdminBookingDispute,
  type ResolveDisputeRequest,
} from '@hunted/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOf } from '@/lib/field-errors';
import { formatMoney } from '@/lib/money';
import { useResolveDispute } from '../../api/booking-disputes';

export const RESOLVE_MESSAGES = {
  resolution: 'Choose to refund the client or dismiss the dispute',
  note: 'Add a note explaining the decision',
} as const;

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
  const [resolution, setResolution] = useState<ResolveDisputeRequest['resolution'] | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ resolution?: string; note?: string; form?: string }>({});
  const resolve = useResolveDispute();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!resolution) found.resolution = RESOLVE_MESSAGES.resolution;
    if (!note.trim()) found.note = RESOLVE_MESSAGES.note;
    setErrors(found);
    if (!resolution || found.note) return;
    try {
      await resolve.mutateAsync({ bookingId: dispute.bookingId, resolution, note: note.trim() });
    } catch (failure) {
      setErrors({ form: serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.' });
      return;
    }
    onResolved(resolution);
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        title={`Resolve dispute: ${dispute.clientName} and ${dispute.hunterName}`}
        description={`${SESSION_TYPE_LABELS[dispute.sessionType]}, ${formatMoney(dispute.pricePence, 'GBP')}. ${dispute.hunterName} marked the client as a no-show.`}
        className="sm:max-w-lg"
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
          <fieldset aria-describedby={errors.resolution ? `${id}-resolution-error` : undefined}>
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
                    onChange={() => setResolution(choice.value)}
                    className="mt-1 h-4 w-4 accent-brand-600"
                  />
                  <span>
                    <span className="block font-semibold text-stone-900">{choice.label}</span>
                    <span className="block text-sm text-stone-600">{choice.detail}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.resolution ? (
              <FieldError id={`${id}-resolution-error`}>
                <span role="alert">{errors.resolution}</span>
              </FieldError>
            ) : null}
          </fieldset>
          <div>
            <Label htmlFor={`${id}-note`}>Note</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              rows={3}
              maxLength={BOOKING_ACTION_RULES.reasonMax}
              placeholder="e.g. The hunter's messages show they waited 15 minutes; the client did not answer."
              aria-invalid={Boolean(errors.note)}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            {errors.note ? (
              <FieldError id={`${id}-note-error`}>
                <span role="alert">{errors.note}</span>
              </FieldError>
            ) : null}
          </div>
          {errors.form ? (
            <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              {resolve.isPending ? 'Saving…' : 'Save decision'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
