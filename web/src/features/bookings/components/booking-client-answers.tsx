import { BOOKING_ACTION_RULES, type BookingDispute, type MyBooking, type TimeProposal } from '@hunted/contracts';
import { CalendarClock, CircleAlert, Scale } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { HttpError, serverMessage } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/unauthorized';
import { sessionWhen, type TwoZones } from '@/lib/zoned-time';
import { useAcceptProposal, useDeclineProposal, useDisputeBooking } from '../api/client-booking-actions';

/** The server's own sentence for a refused action (a 400 or a 409 says why), or a plain retry line. */
function refusal(error: unknown): string {
  return (error instanceof HttpError ? serverMessage(error, error.status) : null) ?? 'Please try again.';
}

/** What the hunter cancelled with, quoted to the client. */
export function HunterCancelReason({ hunterName, reason }: { hunterName: string; reason: string }) {
  return (
    <div className="mt-4 rounded-2xl bg-red-50 px-4 py-3.5 text-sm text-red-900 ring-1 ring-red-200 ring-inset">
      <p className="font-semibold">{hunterName} cancelled this session</p>
      <blockquote className="mt-1 break-words whitespace-pre-line text-red-800">“{reason}”</blockquote>
    </div>
  );
}

/** The hunter's open suggestion of another time: accepting moves the booking there, declining keeps it. */
export function ProposalAnswer({
  bookingId,
  hunterName,
  proposal,
  zones,
}: {
  bookingId: string;
  hunterName: string;
  proposal: TimeProposal;
  /** The client's clock and the hunter's, the proposal is read on. */
  zones: TwoZones;
}) {
  const when = sessionWhen(Date.parse(proposal.startsAt), zones);
  const accept = useAcceptProposal();
  const decline = useDeclineProposal();
  const busy = accept.isPending || decline.isPending;

  // mutateAsync: the refreshed list drops the proposal (and may unmount this) before mutate's callbacks would run.
  const answer = async (kind: 'accept' | 'decline') => {
    try {
      await (kind === 'accept' ? accept : decline).mutateAsync(bookingId);
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Could not answer', description: refusal(error) });
      return;
    }
    toast(
      kind === 'accept'
        ? {
            title: 'New time accepted',
            description: `Your session is now on ${when}.`,
          }
        : { title: 'Suggestion declined', description: 'Your session stays at its time.' },
    );
  };

  return (
    <section
      aria-label="Suggested new time"
      className="mt-4 rounded-2xl bg-sky-50 px-4 py-3.5 text-sm text-sky-950 ring-1 ring-sky-200 ring-inset"
    >
      <p className="flex items-start gap-2">
        <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-sky-700" aria-hidden />
        <span>
          {hunterName} suggested another time: <strong>{when}</strong>
        </span>
      </p>
      {proposal.message ? (
        <blockquote className="mt-1.5 pl-6 break-words whitespace-pre-line text-sky-900">
          “{proposal.message}”
        </blockquote>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2 pl-6">
        <Button size="sm" disabled={busy} onClick={() => void answer('accept')}>
          Accept
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void answer('decline')}>
          Decline
        </Button>
      </div>
    </section>
  );
}

const DISPUTE_STATUS: Record<BookingDispute['status'], string> = {
  open: 'Dispute open — our team is looking into it',
  refunded: 'Dispute resolved — you have been refunded in full',
  dismissed: 'Dispute closed — the no-show mark stands',
};

/** A no-show mark by the hunter: 'Dispute' while the window is open, then the dispute's status. */
export function NoShowMark({ booking }: { booking: MyBooking }) {
  const [disputing, setDisputing] = useState(false);
  return (
    <section
      aria-label="Marked as a no-show"
      className="mt-4 rounded-2xl bg-amber-50 px-4 py-3.5 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
          {booking.hunterName} marked this session as a no-show.
        </p>
        {booking.canDispute && !booking.dispute ? (
          <Button
            size="sm"
            variant="outline"
            className="self-start bg-white sm:self-auto"
            onClick={() => setDisputing(true)}
          >
            <Scale className="h-4 w-4" aria-hidden /> Dispute
          </Button>
        ) : null}
      </div>
      {booking.dispute ? (
        <div className="mt-2 pl-6">
          <p className="font-semibold" data-status={booking.dispute.status}>
            {DISPUTE_STATUS[booking.dispute.status]}
          </p>
          {booking.dispute.resolutionNote ? (
            <p className="mt-0.5 break-words whitespace-pre-line text-amber-900">{booking.dispute.resolutionNote}</p>
          ) : null}
        </div>
      ) : booking.canDispute ? (
        <p className="mt-1 pl-6 text-amber-900">
          If you were there, you can dispute it within {BOOKING_ACTION_RULES.disputeWindowHours} hours of the mark.
        </p>
      ) : null}
      {booking.canDispute ? (
        <DisputeDialog bookingId={booking.id} open={disputing} onOpenChange={setDisputing} />
      ) : null}
    </section>
  );
}

function DisputeDialog({
  bookingId,
  open,
  onOpenChange,
}: {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dispute = useDisputeBooking();

  const disputeWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await dispute.mutateAsync({ bookingId, reason });
    } catch (error) {
      if (handleUnauthorized(error)) return 'dropped';
      return { problem: refusal(error) };
    }
    toast({ title: 'Dispute sent', description: 'Our team will look into it and let you know.' });
    onOpenChange(false);
    return 'done';
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Dispute the no-show"
      description="Tell us what happened. Our team reads both sides and refunds you in full if the session did not go ahead through no fault of yours."
      reason={{
        label: 'What happened?',
        maxLength: BOOKING_ACTION_RULES.reasonMax,
        requiredMessage: 'Tell us what happened',
        counter: 'beside-label',
      }}
      confirmLabel="Send dispute"
      pendingLabel="Sending..."
      onConfirm={disputeWith}
    />
  );
}
