import {
  BOOKING_ACTION_MESSAGES,
  BOOKING_ACTION_RULES,
  BOOKING_RULES,
  SESSION_TYPE_LABELS,
  addDays,
  londonDateOf,
  longDateLabel,
  type HunterBooking,
} from '@hunted/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useHunterCancelBooking, useProposeTime } from '../api/hunter-booking-actions';

const sessionLine = (booking: HunterBooking) =>
  `${SESSION_TYPE_LABELS[booking.sessionType]} with ${booking.clientName}, ${longDateLabel(booking.sessionDate)} at ${booking.sessionTime}`;

/** The failure a dialog shows inside itself: the server's own sentence (a 409 says why), else a retry hint. */
function failureText(error: unknown): string | null {
  if (handleUnauthorized(error)) return null;
  return serverMessageOf(error) ?? 'That did not work. Please try again.';
}

/** Cancelling asks for a reason the client receives with their full refund; a blank one is refused before sending. */
export function HunterCancelDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: HunterBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useHunterCancelBooking();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(BOOKING_ACTION_MESSAGES.reasonRequired);
      return;
    }
    setError(null);
    try {
      await cancel.mutateAsync({ bookingId: booking.id, reason: reason.trim() });
    } catch (failure) {
      setError(failureText(failure));
      return;
    }
    toast({ title: 'Booking cancelled', description: `${booking.clientName} is refunded in full and told why.` });
    setReason('');
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Cancel this session?"
        description={`${sessionLine(booking)}. The client gets a full refund and reads your reason.`}
        className="sm:max-w-lg"
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Label htmlFor={`${id}-reason`}>Reason for the client</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={BOOKING_ACTION_RULES.reasonMax}
            placeholder="e.g. I am unwell that day. I am sorry, and happy to book you again."
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : `${id}-count`}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <FieldError id={`${id}-error`}>
              <span role="alert">{error}</span>
            </FieldError>
          ) : (
            <p id={`${id}-count`} className="mt-1.5 text-right text-xs text-stone-500 tabular-nums">
              {reason.length} / {BOOKING_ACTION_RULES.reasonMax}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep booking
            </Button>
            <Button type="submit" disabled={cancel.isPending} className="bg-red-600 hover:bg-red-700 active:bg-red-800">
              {cancel.isPending ? 'Cancelling…' : 'Cancel and refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Start times on the marketplace's 30-minute grid, within a working day (the server checks the rest). */
export const PROPOSAL_TIMES: readonly string[] = Array.from({ length: 28 }, (_, index) => {
  const minutes = 8 * 60 + index * BOOKING_RULES.slotGridMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** Suggests another time; the client accepts (the booking moves) or declines (it stays). */
export function ProposeTimeDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: HunterBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  // A suggestion at least a day ahead leaves the client time to answer (the notice rule is the server's).
  const [earliest] = useState(() => addDays(londonDateOf(Date.now()), 1));
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ date?: string; time?: string; form?: string }>({});
  const propose = useProposeTime();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!date) found.date = 'Choose a date';
    if (!time) found.time = 'Choose a time';
    setErrors(found);
    if (found.date || found.time) return;
    try {
      await propose.mutateAsync({
        bookingId: booking.id,
        sessionDate: date,
        sessionTime: time,
        message: message.trim() || null,
      });
    } catch (failure) {
      const text = failureText(failure);
      if (text) setErrors({ form: text });
      return;
    }
    toast({
      title: 'New time suggested',
      description: `${booking.clientName} can accept ${longDateLabel(date)} at ${time} or keep the current time.`,
    });
    setDate('');
    setTime('');
    setMessage('');
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Suggest another time"
        description={`${sessionLine(booking)} (London). The booking moves only if the client accepts.`}
        className="sm:max-w-lg"
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-date`} label="New date" error={errors.date}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={earliest}
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              )}
            </Field>
            <Field id={`${id}-time`} label="New time (London)" error={errors.time}>
              {(control) => (
                <Select {...control} value={time} onChange={(event) => setTime(event.target.value)}>
                  <option value="" disabled>
                    Choose a time
                  </option>
                  {PROPOSAL_TIMES.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field
            id={`${id}-message`}
            label="Message to the client"
            optional
            hint={`${message.length} / ${BOOKING_ACTION_RULES.proposalMessageMax}`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                className="min-h-20"
                maxLength={BOOKING_ACTION_RULES.proposalMessageMax}
                placeholder="e.g. Something came up that morning — would the afternoon suit you?"
                value={message}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
          {errors.form ? (
            <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
              {errors.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Close
            </Button>
            <Button type="submit" disabled={propose.isPending}>
              {propose.isPending ? 'Sending…' : 'Send suggestion'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
