import {
  PAYOUT_MESSAGES,
  SESSION_TYPES,
  SESSION_TYPE_LABELS,
  halfStars,
  hunterPagePath,
  hunterSlug,
  type Hunter,
} from '@hunted/contracts';
import {
  ArrowLeft,
  Award,
  Camera,
  CheckCircle2,
  Clock,
  Info,
  Languages,
  MapPin,
  SearchX,
  Sparkles,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Deferred } from '@/components/deferred';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { lazyNamed } from '@/lib/lazy-named';
import { formatMoney } from '@/lib/money';
import { hasRating, ratingLabel } from '@/lib/rating';
import { useHunter } from '../api/get-hunter';
import { NewHunterLabel, StatusBadge } from '../components/hunter-card';
import { HunterPhoto } from '../components/hunter-photo';
import { safeExternalUrl } from '../lib/hunter-filters';

// Below the hunter's own details, so drawn after them, with their own script (see Deferred).
const loadBrandsAndEdits = () => import('../components/edits/hunter-page-brands-and-edits');
const HunterGoToBrands = lazyNamed(loadBrandsAndEdits, 'HunterGoToBrands');
const HunterPublishedEdits = lazyNamed(loadBrandsAndEdits, 'HunterPublishedEdits');

/**
 * What other features draw on the page (the route hands them in; features do not import each other): the next open
 * times (bookings' slots) and the reviews. `bookHref` is where booking starts for this visitor.
 */
export interface HunterPageSlots {
  nextTimes: (hunter: Hunter, bookHref: string) => ReactNode;
  reviews: (hunter: Hunter) => ReactNode;
}

/**
 * /hunters/{id}/{slug}: a hunter's public page, readable by guests. The id decides; a slug that is not the hunter's
 * is corrected in place. 'Book a session' opens the booking page for a member; a guest signs in first and comes back
 * here.
 */
export function HunterPage({ slots }: { slots: HunterPageSlots }) {
  const params = useParams();
  const hunterId = Number(params.id);
  const valid = Number.isInteger(hunterId) && hunterId > 0;
  const hunter = useHunter(hunterId);
  const navigate = useNavigate();
  const found = hunter.data ?? null;

  useEffect(() => {
    if (found && (params.slug ?? '') !== hunterSlug(found.name)) {
      void navigate(hunterPagePath(found), { replace: true });
    }
  }, [found, params.slug, navigate]);

  if (!valid || (hunter.isSuccess && !found)) {
    return (
      <Notice
        icon={<SearchX className="h-6 w-6" aria-hidden />}
        title="Hunter not found"
        description="This hunter's page does not exist, or is not open to the public."
      >
        <Link to={paths.bookAHunter.getHref()} className={buttonClasses()}>
          Browse Hunters
        </Link>
      </Notice>
    );
  }
  if (hunter.isPending) return <Spinner label="Loading hunter..." />;
  if (!found) {
    return (
      <Notice title="Hunter unavailable" description="This hunter could not be loaded. Please try again.">
        <Button onClick={() => void hunter.refetch()}>Try again</Button>
      </Notice>
    );
  }
  return <HunterProfile hunter={found} slots={slots} />;
}

function HunterProfile({ hunter, slots }: { hunter: Hunter; slots: HunterPageSlots }) {
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const schedule = paths.bookSession.getHref(hunter.id);
  // A guest signs in and is brought back to this page (identity's returnTo), not straight into the booking form.
  const bookHref = signedIn ? schedule : paths.login.getHref(hunterPagePath(hunter));
  const unavailable = hunter.availabilityStatus === 'Unavailable';
  const instagram = safeExternalUrl(hunter.instagramUrl);
  const enabledTypes = SESSION_TYPES.filter((key) => hunter.sessionTypes[key].enabled);
  const notBookable = (price: number) => !hunter.takesPaidBookings && price > 0;
  const years = hunter.yearsExperience;

  const bookButton = unavailable ? (
    <button
      type="button"
      disabled
      className={buttonClasses({
        size: 'lg',
        className: 'w-full disabled:bg-stone-200 disabled:text-stone-500 disabled:opacity-100 disabled:shadow-none',
      })}
    >
      Not taking bookings
    </button>
  ) : signedIn ? (
    <Link to={schedule} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Book a session
    </Link>
  ) : (
    <a href={bookHref} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Book a session
    </a>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`${hunter.name} · Personal Shopper · Hunted`}</title>
      <Link
        to={paths.bookAHunter.getHref()}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> All hunters
      </Link>

      <header className="mt-4 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
        <div className="grid gap-0 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <div className="aspect-square bg-stone-100 md:aspect-auto md:h-full md:min-h-72">
            <HunterPhoto name={hunter.name} src={hunter.profileImageUrl} className="h-full w-full" />
          </div>
          <div className="flex flex-col p-5 sm:p-7">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-3xl font-bold tracking-tight break-words text-stone-900 sm:text-4xl">
                {hunter.name}
              </h1>
              {hunter.verified ? <VerifiedBadge /> : null}
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {hasRating(hunter.rating) ? (
                <>
                  <StarRating rating={halfStars(hunter.rating)} starClassName="h-5 w-5" />
                  <span className="font-semibold text-stone-900">{ratingLabel(hunter.rating)}</span>
                  <a href="#hunter-reviews" className="text-stone-600 underline-offset-2 hover:underline">
                    ({hunter.reviewCount} {hunter.reviewCount === 1 ? 'review' : 'reviews'})
                  </a>
                </>
              ) : (
                <NewHunterLabel />
              )}
            </div>
            <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-stone-600">
              <li className="inline-flex items-center gap-1.5">
                <MapPin className="h-4 w-4 text-stone-400" aria-hidden /> {hunter.location}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Award className="h-4 w-4 text-stone-400" aria-hidden /> {years} {years === 1 ? 'year' : 'years'}{' '}
                experience
              </li>
              <li className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="h-4 w-4 text-stone-400" aria-hidden /> {hunter.totalSessions}{' '}
                {hunter.totalSessions === 1 ? 'session' : 'sessions'} completed
              </li>
              <li>
                <StatusBadge status={hunter.availabilityStatus} />
              </li>
            </ul>
            {instagram ? (
              <a
                href={instagram}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:text-brand-800"
              >
                <Camera className="h-4 w-4" aria-hidden /> {hunter.name} on Instagram
                <span className="sr-only"> (opens in a new window)</span>
              </a>
            ) : null}
            <div className="mt-auto pt-6 sm:max-w-xs">{bookButton}</div>
          </div>
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <section
            aria-labelledby="about-hunter"
            className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id="about-hunter" className="text-xl font-bold text-stone-900">
              About {hunter.name}
            </h2>
            {hunter.bio ? (
              <p className="mt-3 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">{hunter.bio}</p>
            ) : null}
            <dl className="mt-5 space-y-4">
              <ChipGroup
                icon={<Sparkles className="h-4 w-4" aria-hidden />}
                title="Style specialties"
                items={hunter.specialties}
              />
              <ChipGroup
                icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}
                title="Services"
                items={hunter.adviceTypes}
              />
              <ChipGroup
                icon={<Languages className="h-4 w-4" aria-hidden />}
                title="Languages"
                items={hunter.languages}
              />
            </dl>
          </section>
          <Deferred>
            <HunterGoToBrands hunterId={hunter.id} />
          </Deferred>
          <Deferred>
            <HunterPublishedEdits hunterId={hunter.id} />
          </Deferred>
          {slots.reviews(hunter)}
        </div>

        <aside className="space-y-6" aria-label="Sessions and times">
          <section
            aria-labelledby="hunter-sessions"
            className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id="hunter-sessions" className="text-lg font-bold text-stone-900">
              Sessions
            </h2>
            {enabledTypes.length === 0 ? (
              <p className="mt-3 text-sm text-stone-600">This hunter offers no sessions at the moment.</p>
            ) : (
              <ul className="mt-3 divide-y divide-stone-100">
                {enabledTypes.map((key) => {
                  const settings = hunter.sessionTypes[key];
                  return (
                    <li key={key} className="py-3 first:pt-0 last:pb-0">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="font-semibold text-stone-900">{SESSION_TYPE_LABELS[key]}</p>
                          <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-stone-500">
                            <Clock className="h-3.5 w-3.5" aria-hidden /> {settings.duration} min
                          </p>
                        </div>
                        <p className="shrink-0 text-lg font-bold text-stone-900 tabular-nums">
                          {settings.price === 0
                            ? 'Free'
                            : formatMoney(settings.price * 100, hunter.currency, { minorUnits: 'unlessWhole' })}
                        </p>
                      </div>
                      {notBookable(settings.price) ? (
                        <p className="mt-1.5 flex items-start gap-1.5 text-xs text-amber-800">
                          <Info className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
                          {PAYOUT_MESSAGES.notTakingPaid}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          {unavailable ? null : slots.nextTimes(hunter, bookHref)}
        </aside>
      </div>
    </div>
  );
}

function ChipGroup({ icon, title, items }: { icon: ReactNode; title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-sm font-semibold text-stone-800">
        <span className="text-stone-400">{icon}</span>
        {title}
      </dt>
      <dd className="mt-2">
        <ul className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item} className="rounded-full bg-stone-100 px-3 py-1 text-sm font-medium text-stone-700">
              {item}
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
