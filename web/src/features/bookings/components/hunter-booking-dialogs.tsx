import {
  BOOKING_ACTION_MESSAGES,
  BOOKING_ACTION_RULES,
  BOOKING_RULES,
  SESSION_TYPE_LABELS,
  addDays,
  dateIn,
  instantIn,
  wallClockIn,
  longDateLabel,
  type HunterBooking,
} from '@hunted/contracts';
import { useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { useFormState } from '@/components/form/use-form-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { viewerTimeZone } from '@/lib/time-zone';
import { instantWhen } from '@/lib/zoned-time';
import { useHunterCancelBooking, useProposeTime } from '../api/hunter-booking-actions';

/** The session as its row shows it, on the hunter's own clock (their browser's zone), the zone said. */
const sessionLine = (booking: HunterBooking) =>
  `${SESSION_TYPE_LABELS[booking.sessionType]} with ${booking.clientName}, ${instantWhen(Date.parse(booking.startsAt), viewerTimeZone())}`;

/** The failure a dialog shows inside itself: the server's own sentence (a 409 says why), else a retry hint. */
function outcomeOfFailure(error: unknown): ActionOutcome {
  if (handleUnauthorized(error)) return 'dropped';
  return { problem: serverMessageOf(error) ?? 'That did not work. Please try again.' };
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
  const cancel = useHunterCancelBooking();

  const cancelWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await cancel.mutateAsync({ bookingId: booking.id, reason });
    } catch (failure) {
      return outcomeOfFailure(failure);
    }
    toast({ title: 'Booking cancelled', description: `${booking.clientName} is refunded in full and told why.` });
    onOpenChange(false);
    return 'done';
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this session?"
      description={`${sessionLine(booking)}. The client gets a full refund and reads your reason.`}
      reason={{
        label: 'Reason for the client',
        maxLength: BOOKING_ACTION_RULES.reasonMax,
        placeholder: 'e.g. I am unwell that day. I am sorry, and happy to book you again.',
        requiredMessage: BOOKING_ACTION_MESSAGES.reasonRequired,
        counter: 'below',
      }}
      confirmLabel="Cancel and refund"
      pendingLabel="Cancelling…"
      confirmClassName="bg-red-600 hover:bg-red-700 active:bg-red-800"
      cancelLabel="Keep booking"
      onConfirm={cancelWith}
    />
  );
}

/** Start times on the marketplace's 30-minute grid, within a working day (the server checks the rest). */
export const PROPOSAL_TIMES: readonly string[] = Array.from({ length: 28 }, (_, index) => {
  const minutes = 8 * 60 + index * BOOKING_RULES.slotGridMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const PROPOSAL_FIELDS = ['date', 'time', 'message'] as const;
const EMPTY_PROPOSAL = { date: '', time: '', message: '' };

/** Suggests another time; the client accepts (the booking moves) or declines (it stays). */
export function ProposeTimeDialog({
  booking,
  hoursZone,
  open,
  onOpenChange,
}: {
  booking: HunterBooking;
  /** The hunter's profile zone: the API reads a suggested date and time on it. Left out: sent as entered. */
  hoursZone?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The hunter chooses on their own clock (their browser's zone) when their profile's zone is known, and the
  // suggestion is sent on the profile's, as the API reads it; without it, on the profile's clock as entered.
  const viewerZone = viewerTimeZone();
  const entryZone = hoursZone ? viewerZone : null;
  // A suggestion at least a day ahead leaves the client time to answer (the notice rule is the server's).
  const [earliest] = useState(() => addDays(dateIn(viewerZone, Date.now()), 1));
  const form = useFormState({ initialValues: EMPTY_PROPOSAL, fields: PROPOSAL_FIELDS });
  const { date, time, message } = form.values;
  const propose = useProposeTime();
  const instant = entryZone && date && time ? instantIn(entryZone, date, time) : null;
  const sent = instant !== null && hoursZone ? wallClockIn(hoursZone, instant) : null;

  const validate = () =>
    form.showErrors({
      ...(date ? {} : { date: 'Choose a date' }),
      ...(time ? {} : { time: 'Choose a time' }),
    });

  const proposeTime = async (): Promise<ActionOutcome> => {
    try {
      await propose.mutateAsync({
        bookingId: booking.id,
        sessionDate: sent?.date ?? date,
        sessionTime: sent?.time ?? time,
        message: message.trim() || null,
      });
    } catch (failure) {
      return outcomeOfFailure(failure);
    }
    toast({
      title: 'New time suggested',
      description: `${booking.clientName} can accept ${instant !== null ? instantWhen(instant, viewerZone) : `${longDateLabel(date)} at ${time}`} or keep the current time.`,
    });
    form.setValues(EMPTY_PROPOSAL);
    onOpenChange(false);
    return 'done';
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Suggest another time"
      description={`${sessionLine(booking)}. The booking moves only if the client accepts.`}
      validate={validate}
      confirmLabel="Send suggestion"
      pendingLabel="Sending…"
      cancelLabel="Close"
      onConfirm={proposeTime}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field {...form.fieldProps('date')} label="New date">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={earliest}
              value={date}
              onChange={(event) => form.setValue('date', event.target.value)}
            />
          )}
        </Field>
        <Field
          {...form.fieldProps('time')}
          label={entryZone ? `New time (${entryZone})` : "New time (your hours' time zone)"}
        >
          {(control) => (
            <Select {...control} value={time} onChange={(event) => form.setValue('time', event.target.value)}>
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
      {sent && hoursZone && hoursZone !== viewerZone ? (
        <p className="text-xs text-stone-500">
          That is {sent.time} on {longDateLabel(sent.date)} in {hoursZone}, the zone of your hours.
        </p>
      ) : null}
      <Field
        id={form.fieldId('message')}
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
            onChange={(event) => form.setValue('message', event.target.value)}
          />
        )}
      </Field>
    </ActionDialog>
  );
}
