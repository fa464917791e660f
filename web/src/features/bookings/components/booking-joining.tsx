import type { BookingJoining } from '@hunted/contracts';
import { shortDateLabel, wallClockIn, weekdayLabel, whatsappLink } from '@hunted/contracts';
import { viewerTimeZone } from '@/lib/time-zone';
import { Clock, MapPin, MessageCircle, MessagesSquare, Phone } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/**
 * How to join a confirmed session, as bookings releases it to its client: the hunter's WhatsApp number with a
 * wa.me link, the in-person meeting place, or where the answer or the details will come (and, ahead of the change
 * window, when: decision 0088).
 */
export function BookingJoiningBlock({ joining }: { joining: BookingJoining }) {
  return (
    <section
      aria-label="How to join"
      className="mt-4 rounded-2xl bg-emerald-50/70 px-4 py-3.5 text-sm text-emerald-950 ring-1 ring-emerald-200 ring-inset"
    >
      <h3 className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">How to join</h3>
      <JoiningBody joining={joining} />
    </section>
  );
}

function JoiningBody({ joining }: { joining: BookingJoining }) {
  switch (joining.kind) {
    case 'whatsapp':
      return (
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2">
            <Phone className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
            <span>
              WhatsApp:{' '}
              <a href={`tel:${joining.phone}`} className="font-semibold tabular-nums underline-offset-2 hover:underline">
                {joining.phone}
              </a>
            </span>
          </p>
          <a
            href={joining.link || whatsappLink(joining.phone)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({
              size: 'sm',
              className: 'self-start bg-emerald-700 hover:bg-emerald-800 sm:self-auto',
            })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden /> Open WhatsApp
            <span className="sr-only"> (opens in a new window)</span>
          </a>
        </div>
      );
    case 'inPerson':
      return (
        <div className="mt-2 flex items-start gap-2">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-emerald-800">Area</dt>
            <dd className="font-semibold">{joining.area}</dd>
            <dt className="text-emerald-800">Address</dt>
            <dd className="font-semibold whitespace-pre-line">{joining.address}</dd>
          </dl>
        </div>
      );
    case 'messages':
      return (
        <p className="mt-2 flex items-center gap-2">
          <MessagesSquare className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          Your hunter will answer in Messages
        </p>
      );
    case 'later':
      return (
        <p className="mt-2 flex items-center gap-2">
          <Clock className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          <span>
            {joining.message}{' '}
            <span className="text-emerald-800">({formatReleaseTime(joining.releasesAt)}, by email and here)</span>
          </span>
        </p>
      );
    case 'pending':
      return (
        <p className="mt-2 flex items-center gap-2">
          <MessagesSquare className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          Your hunter will message you the joining details
        </p>
      );
  }
}

/** When the details come, on the viewer's clock with its zone said: "Tue 8 Dec, 14:00 GMT". */
export function formatReleaseTime(iso: string): string {
  const wall = wallClockIn(viewerTimeZone(), Date.parse(iso));
  return `${weekdayLabel(wall.date)} ${shortDateLabel(wall.date)}, ${wall.time} ${wall.zone}`;
}
