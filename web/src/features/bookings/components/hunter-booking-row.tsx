import {
  BOOKING_ACTION_RULES,
  SESSION_TYPE_LABELS,
  wallClockIn,
  mediumDateLabel,
  type BookingDispute,
  type HunterBooking,
} from '@hunted/contracts';
import { CalendarClock, CheckCircle2, Clock, MessageSquareText, UserX, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, FullscreenDialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useMarkAttendance } from '../api/hunter-booking-actions';
import { formatMoney } from '@/lib/money';
import { BookingStatusBadge } from './booking-status-badge';
import { viewerTimeZone } from '@/lib/time-zone';
import { instantWhen } from '@/lib/zoned-time';
import { formatReleaseTime } from './booking-joining';
import { HunterCancelDialog, ProposeTimeDialog } from './hunter-booking-dialogs';
import { SharedPassportButton } from './passport/shared-passport-button';

const DISPUTE_LABELS: Record<BookingDispute['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Disputed · under review', tone: 'amber' },
  refunded: { label: 'Dispute upheld · client refunded', tone: 'violet' },
  dismissed: { label: 'Dispute dismissed', tone: 'neutral' },
};

/** An instant on the hunter's own clock (their browser's zone), e.g. '3 Dec 2026, 14:30 GMT'. */
function viewerLabel(instant: string): string {
  const wall = wallClockIn(viewerTimeZone(), Date.parse(instant));
  return `${mediumDateLabel(wall.date)}, ${wall.time} ${wall.zone}`;
}

/** What follows a held session (the hunters feature's Hunter Edit); the route hands it in. */
export type RenderEditAction = (booking: HunterBooking) => ReactNode;

/** A session the hunter held: marked held, or completed and not a no-show. Only these may get a Hunter Edit. */
export function isHeldSession(booking: Pick<HunterBooking, 'status' | 'attendance'>): boolean {
  if (booking.attendance === 'no_show' || booking.status === 'cancelled') return false;
  return booking.attendance === 'held' || booking.status === 'completed';
}

/**
 * One booking on the hunter's dashboard: the session, the client's question and photos, where it stands (a
 * suggested time, attendance, a dispute, a cancellation) and what the hunter may do now (the server's flags).
 */
export function HunterBookingRow({
  booking,
  renderEditAction,
  hoursZone,
}: {
  booking: HunterBooking;
  renderEditAction?: RenderEditAction;
  /** The hunter's profile zone, which a suggested time is sent on (left out: sent as entered). */
  hoursZone?: string;
}) {
  const [dialog, setDialog] = useState<'cancel' | 'propose' | 'no-show' | null>(null);
  const [photo, setPhoto] = useState<number | null>(null);
  const attendance = useMarkAttendance();

  const mark = async (value: 'held' | 'no_show') => {
    try {
      await attendance.mutateAsync({ bookingId: booking.id, attendance: value });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not mark the session',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
      return;
    }
    toast(
      value === 'held'
        ? { title: 'Marked as held', description: `${booking.clientName} can now review the session.` }
        : { title: 'Marked as a no-show', description: `${booking.clientName} may dispute it within 48 hours.` },
    );
  };

  const hasActions = booking.canCancel || booking.canPropose || booking.canMarkAttendance;
  const session = SESSION_TYPE_LABELS[booking.sessionType];

  return (
    <li aria-label={`${session} with ${booking.clientName}`} className="px-4 py-4 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900">{booking.clientName}</p>
          <p className="text-sm text-stone-600">{session}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700 sm:justify-end">
          <span>{instantWhen(Date.parse(booking.startsAt), viewerTimeZone())}</span>
          <span>{booking.duration} min</span>
          <span className="font-semibold text-stone-900 tabular-nums">{formatMoney(booking.totalAmount, booking.currency)}</span>
          <BookingStatusBadge status={booking.status} />
        </div>
      </div>

      {booking.notes || booking.photoUrls.length > 0 ? (
        <div className="mt-3 rounded-2xl bg-stone-50 p-3.5 ring-1 ring-stone-100">
          {booking.notes ? (
            <>
              <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                <MessageSquareText className="h-3.5 w-3.5" aria-hidden /> Client&apos;s question
              </p>
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-stone-800">{booking.notes}</p>
            </>
          ) : null}
          {booking.photoUrls.length > 0 ? (
            <ul aria-label="Client's photos" className="mt-2.5 flex flex-wrap gap-2">
              {booking.photoUrls.map((url, index) => (
                <li key={url}>
                  <button
                    type="button"
                    onClick={() => setPhoto(index)}
                    aria-label={`Open photo ${index + 1} from ${booking.clientName}`}
                    className="block overflow-hidden rounded-xl ring-1 ring-stone-200 transition hover:ring-brand-300 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
                  >
                    <img src={url} alt="" loading="lazy" className="h-16 w-16 object-cover sm:h-20 sm:w-20" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <BookingState booking={booking} />

      {booking.joiningReleasesAt && booking.status === 'confirmed' ? (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-stone-600">
          <Clock className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
          {booking.clientName} gets your joining details from {formatReleaseTime(booking.joiningReleasesAt)}
        </p>
      ) : null}

      <div className="mt-3">
        <SharedPassportButton booking={booking} />
      </div>

      {renderEditAction && isHeldSession(booking) ? <div className="mt-3">{renderEditAction(booking)}</div> : null}

      {hasActions ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {booking.canMarkAttendance ? (
            <>
              <Button size="sm" disabled={attendance.isPending} onClick={() => void mark('held')}>
                <CheckCircle2 className="h-4 w-4" aria-hidden /> Mark as held
              </Button>
              <Button size="sm" variant="outline" disabled={attendance.isPending} onClick={() => setDialog('no-show')}>
                <UserX className="h-4 w-4" aria-hidden /> Client didn&apos;t show
              </Button>
            </>
          ) : null}
          {booking.canPropose ? (
            <Button size="sm" variant="outline" onClick={() => setDialog('propose')}>
              <CalendarClock className="h-4 w-4" aria-hidden /> Suggest another time
            </Button>
          ) : null}
          {booking.canCancel ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setDialog('cancel')}
            >
              <XCircle className="h-4 w-4" aria-hidden /> Cancel
            </Button>
          ) : null}
        </div>
      ) : null}

      {booking.canCancel ? (
        <HunterCancelDialog
          booking={booking}
          open={dialog === 'cancel'}
          onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        />
      ) : null}
      {booking.canPropose ? (
        <ProposeTimeDialog
          booking={booking}
          hoursZone={hoursZone}
          open={dialog === 'propose'}
          onOpenChange={(open) => setDialog(open ? 'propose' : null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === 'no-show'}
        onOpenChange={(open) => setDialog(open ? 'no-show' : null)}
        title={`Mark ${booking.clientName} as a no-show?`}
        description={`There is no refund for a no-show. ${booking.clientName} may dispute it within ${BOOKING_ACTION_RULES.disputeWindowHours} hours, and the Hunted team will then decide.`}
        confirmLabel="Mark as no-show"
        onConfirm={() => void mark('no_show')}
      />
      <Dialog open={photo !== null} onOpenChange={(open) => (open ? undefined : setPhoto(null))}>
        {photo !== null && booking.photoUrls[photo] ? (
          <FullscreenDialogContent title={`Photo ${photo + 1} from ${booking.clientName}`} showTitle>
            <div className="flex h-full items-center justify-center px-4 pb-6">
              <img
                src={booking.photoUrls[photo]}
                alt={`Photo ${photo + 1} from ${booking.clientName}`}
                className="max-h-[calc(100dvh-6rem)] max-w-full rounded-lg object-contain shadow-2xl"
              />
            </div>
          </FullscreenDialogContent>
        ) : null}
      </Dialog>
    </li>
  );
}

/** Where the booking stands beyond its status: the open suggestion, the attendance mark, a dispute, a cancellation. */
function BookingState({ booking }: { booking: HunterBooking }) {
  const { proposal, dispute } = booking;
  const cancelled = booking.status === 'cancelled';
  if (!proposal && !booking.attendance && !dispute && !cancelled) return null;
  return (
    <div className="mt-3 space-y-2 text-sm">
      {proposal ? (
        <div className="rounded-2xl border border-sky-200 bg-sky-50 px-3.5 py-2.5 text-sky-950">
          <p>
            <Badge tone="sky" className="mr-2">
              Waiting for the client
            </Badge>
            You suggested <strong>{instantWhen(Date.parse(proposal.startsAt), viewerTimeZone())}</strong>.
          </p>
          {proposal.message ? (
            <p className="mt-1 break-words whitespace-pre-line opacity-80">“{proposal.message}”</p>
          ) : null}
        </div>
      ) : null}
      {booking.attendance || dispute ? (
        <div className="flex flex-wrap items-center gap-2">
          {booking.attendance === 'held' ? <Badge tone="emerald">Held</Badge> : null}
          {booking.attendance === 'no_show' ? <Badge tone="amber">Client didn&apos;t show</Badge> : null}
          {dispute ? (
            <Badge tone={DISPUTE_LABELS[dispute.status].tone}>{DISPUTE_LABELS[dispute.status].label}</Badge>
          ) : null}
        </div>
      ) : null}
      {dispute ? (
        <div className="rounded-2xl bg-amber-50/70 px-3.5 py-2.5 text-stone-800 ring-1 ring-amber-100">
          <p>
            <span className="font-medium">The client&apos;s reason</span> ({viewerLabel(dispute.openedAt)}):{' '}
            <span className="break-words whitespace-pre-line">{dispute.reason}</span>
          </p>
          {dispute.resolutionNote ? (
            <p className="mt-1">
              <span className="font-medium">Hunted&apos;s decision:</span>{' '}
              <span className="break-words whitespace-pre-line">{dispute.resolutionNote}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      {cancelled ? (
        <p className="text-stone-700">
          <span className="font-medium">
            {booking.cancelledBy === 'hunter'
              ? 'You cancelled this session'
              : booking.cancelledBy === 'client'
                ? 'The client cancelled this session'
                : 'Cancelled by Hunted'}
          </span>
          {booking.cancelReason ? (
            <>
              : <span className="break-words whitespace-pre-line">{booking.cancelReason}</span>
            </>
          ) : (
            '.'
          )}
        </p>
      ) : null}
    </div>
  );
}
