import type { MyBooking } from '@hunted/contracts';
import { SESSION_TYPE_LABELS } from '@hunted/contracts';
import { useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useRescheduleBooking } from '../api/booking-mutations';
import { handleUnauthorized } from '@/lib/unauthorized';
import { sessionWhen } from '@/lib/zoned-time';
import { myBookingZones } from '../lib/booking-zones';
import { SlotPicker, type SlotChoice } from './slot-picker';

/** Moves a confirmed booking to another of the hunter's free times for the same session type; the price stays. */
export function RescheduleDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: MyBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const reschedule = useRescheduleBooking();

  // mutateAsync rather than mutate's callbacks: the refreshed list may unmount this dialog (a booking moved within
  // 24 hours can no longer be rescheduled) before they would run, and the toast must still show.
  const moveTo = async (): Promise<ActionOutcome> => {
    if (!choice) return 'dropped';
    try {
      await reschedule.mutateAsync({ bookingId: booking.id, sessionDate: choice.date, sessionTime: choice.slot.time });
    } catch (error) {
      if (handleUnauthorized(error)) return 'dropped';
      // Said in a toast, not in the dialog: the slot picker fills it, and the message would sit out of sight.
      toast({
        variant: 'destructive',
        title: 'Reschedule Failed',
        description:
          serverMessage(error, 409) ??
          serverMessage(error, 429) ??
          serverMessage(error, 400) ??
          'Failed to reschedule. Please try again.',
      });
      return 'dropped';
    }
    toast({
      title: 'Booking Rescheduled',
      description: `Your session is now on ${sessionWhen(Date.parse(choice.slot.startsAt), myBookingZones(booking, choice.timeZone))}.`,
    });
    setChoice(null);
    onOpenChange(false);
    return 'done';
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Reschedule"
      description={`${SESSION_TYPE_LABELS[booking.sessionType]} with ${booking.hunterName}, now ${sessionWhen(Date.parse(booking.startsAt), myBookingZones(booking))}. Pick a new time.`}
      canConfirm={choice !== null}
      confirmLabel="Confirm new time"
      pendingLabel="Saving..."
      cancelLabel="Keep current time"
      onConfirm={moveTo}
    >
      {open ? (
        <SlotPicker
          hunterId={booking.hunterId}
          sessionType={booking.sessionType}
          selected={choice}
          onSelect={setChoice}
        />
      ) : null}
    </ActionDialog>
  );
}
