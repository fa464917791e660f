import { approximateMinor, currencyOfLocale, halfStars, type Currency, type Hunter } from '@hunted/contracts';
import { Award, CalendarDays, Camera, CheckCircle2, MapPin, MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { StarRating } from '@/components/ui/star-rating';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/money';
import { hasRating, ratingLabel } from '@/lib/rating';
import { useReferenceRates } from '../api/get-reference-rates';
import { safeExternalUrl, statusTone, type StatusTone } from '../lib/hunter-filters';
import { HunterPhoto } from './hunter-photo';

/** A bio longer than this is clamped on the card, with 'View more' to read it all. */
const BIO_PREVIEW_CHARS = 140;

const toneClasses: Record<StatusTone, { badge: string; dot: string }> = {
  green: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500' },
  yellow: { badge: 'bg-yellow-50 text-yellow-800 ring-yellow-200', dot: 'bg-yellow-400' },
  red: { badge: 'bg-red-50 text-red-800 ring-red-200', dot: 'bg-red-500' },
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
        toneClasses[tone].badge,
        className,
      )}
    >
      <span className={cn('h-2 w-2 rounded-full', toneClasses[tone].dot)} aria-hidden />
      {status}
    </span>
  );
}

/** In place of stars while a hunter has no reviews yet: new, never a default 5.0. */
export function NewHunterLabel() {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
        New
      </span>
      <span className="text-stone-500">No reviews yet</span>
    </span>
  );
}

/** A link to the hunter's schedule for a member; a guest signs in first and lands there. */
function ScheduleLink({
  to,
  signedIn,
  className,
  label,
  children,
}: {
  to: string;
  signedIn: boolean;
  className: string;
  label: string;
  children: ReactNode;
}) {
  return signedIn ? (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={paths.login.getHref(to)} className={className} aria-label={label}>
      {children}
    </a>
  );
}

/** A hunter on /book-a-hunter: every field the spec lists for the card. */
/** The visitor's currency, from their browser's language region ('fr-FR': euros), or null for one we do not use. */
function visitorCurrency(): Currency | null {
  return typeof navigator === 'undefined' ? null : currencyOfLocale(navigator.language);
}

/**
 * "≈ £68" beside a price in another currency than the visitor's, at the listing's reference rates (decision 0105):
 * a guide, the price itself stays the hunter's. Nothing while the rates are not read, for a free session, or for a
 * visitor whose currency is the hunter's or unknown (no request then).
 */
function ApproximatePrice({ whole, currency }: { whole: number; currency: Currency }) {
  const mine = visitorCurrency();
  const differs = mine !== null && mine !== currency && whole > 0;
  const rates = useReferenceRates(differs);
  if (!differs || !rates.data) return null;
  const approx = formatMoney(approximateMinor(whole, currency, mine, rates.data), mine, { minorUnits: 'unlessWhole' });
  return (
    <span className="text-sm text-stone-500" title="At our reference rate; you pay in the hunter's currency">
      (≈ {approx}){' '}
    </span>
  );
}

export function HunterCard({ hunter, signedIn }: { hunter: Hunter; signedIn: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const instagram = safeExternalUrl(hunter.instagramUrl);
  const schedule = paths.bookSession.getHref(hunter.id);
  const profile = paths.hunter.getHref(hunter);
  const unavailable = hunter.availabilityStatus === 'Unavailable';
  const longBio = hunter.bio.length > BIO_PREVIEW_CHARS;
  const years = hunter.yearsExperience;
  const sessions = hunter.totalSessions;

  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[4/3] overflow-hidden bg-stone-100">
        {/* The photo opens the public page too; the keyboard reaches it through the name's link, not twice. */}
        <Link to={profile} tabIndex={-1} className="block h-full w-full">
          <HunterPhoto
            name={hunter.name}
            src={hunter.profileImageUrl}
            className="h-full w-full transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <StatusBadge status={hunter.availabilityStatus} className="absolute top-3 left-3 bg-white/95 shadow-sm" />
      </div>

      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="text-lg font-bold tracking-tight text-stone-900">
              <Link to={profile} className="underline-offset-4 hover:text-brand-800 hover:underline">
                {hunter.name}
              </Link>
            </h2>
            {hunter.verified ? <VerifiedBadge /> : null}
          </div>
          {instagram ? (
            <a
              href={instagram}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${hunter.name} on Instagram (opens in a new window)`}
              title="Instagram"
              className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-stone-200 bg-white text-stone-600 transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700"
            >
              <Camera className="h-4 w-4" aria-hidden />
            </a>
          ) : null}
        </div>

        <span className="mt-1.5 inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
          {hasRating(hunter.rating) ? (
            <>
              <StarRating rating={halfStars(hunter.rating)} />
              <span className="font-semibold text-stone-900">{ratingLabel(hunter.rating)}</span>
              <span className="text-stone-500">
                ({hunter.reviewCount} {hunter.reviewCount === 1 ? 'review' : 'reviews'})
              </span>
            </>
          ) : (
            <NewHunterLabel />
          )}
        </span>

        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-stone-600">
          <li className="inline-flex items-center gap-1.5">
            <MapPin className="h-4 w-4 text-stone-400" aria-hidden /> {hunter.location}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Award className="h-4 w-4 text-stone-400" aria-hidden /> {years} {years === 1 ? 'year' : 'years'} experience
          </li>
          <li className="inline-flex items-center gap-1.5">
            <CheckCircle2 className="h-4 w-4 text-stone-400" aria-hidden /> {sessions}{' '}
            {sessions === 1 ? 'session' : 'sessions'} completed
          </li>
        </ul>

        {hunter.bio ? (
          <div className="mt-3">
            <p
              id={`hunter-bio-${hunter.id}`}
              className={cn('text-sm leading-6 whitespace-pre-line text-stone-600', !expanded && 'line-clamp-3')}
            >
              {hunter.bio}
            </p>
            {longBio ? (
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={`hunter-bio-${hunter.id}`}
                onClick={() => setExpanded((open) => !open)}
                className="mt-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {expanded ? 'View less' : 'View more'}
              </button>
            ) : null}
          </div>
        ) : null}

        <p className="mt-auto pt-5 text-sm text-stone-600">
          from{' '}
          <span className="text-xl font-bold text-stone-900">
            {formatMoney(hunter.pricePerSession * 100, hunter.currency, { minorUnits: 'unlessWhole' })}
          </span>{' '}
          <ApproximatePrice whole={hunter.pricePerSession} currency={hunter.currency} />
          per session
        </p>

        <div className="mt-4 space-y-2">
          {unavailable ? (
            <button
              type="button"
              disabled
              title={`${hunter.name} is not taking bookings right now`}
              className={buttonClasses({
                className:
                  'w-full disabled:bg-stone-200 disabled:text-stone-500 disabled:opacity-100 disabled:shadow-none',
              })}
            >
              Book Now
            </button>
          ) : (
            <ScheduleLink
              to={schedule}
              signedIn={signedIn}
              label={`Book Now with ${hunter.name}`}
              className={buttonClasses({ className: 'w-full' })}
            >
              Book Now
            </ScheduleLink>
          )}
          <div className="flex flex-wrap gap-2">
            <ScheduleLink
              to={schedule}
              signedIn={signedIn}
              label={`View Schedule of ${hunter.name}`}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-[1_1_9.5rem] px-2' })}
            >
              <CalendarDays className="h-4 w-4" aria-hidden /> View Schedule
            </ScheduleLink>
            <ScheduleLink
              to={schedule}
              signedIn={signedIn}
              label={`Send Message to ${hunter.name}`}
              className={buttonClasses({ variant: 'outline', size: 'sm', className: 'flex-[1_1_9.5rem] px-2' })}
            >
              <MessageCircle className="h-4 w-4" aria-hidden /> Send Message
            </ScheduleLink>
          </div>
        </div>
      </div>
    </article>
  );
}
