import { halfStars, type Hunter } from '@hunted/contracts';
import { CalendarPlus, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { StarRating } from '@/components/ui/star-rating';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatMoney } from '@/lib/money';
import { hasRating, ratingLabel } from '@/lib/rating';
import { useHuntersWhoKnowBrand } from '../../api/get-hunters-who-know-brand';
import { NewHunterLabel } from '../hunter-card';
import { HunterPhoto } from '../hunter-photo';

/** Where 'Book a session about {brand}' leads: the hunter's schedule, its question pre-filled about the brand. */
export function bookAboutBrandHref(hunterId: number, brandId: number): string {
  return `${paths.bookSession.getHref(hunterId)}?about=${brandId}`;
}

/** The words of the booking link (the question it pre-fills is `bookingQuestionAbout`). */
export const bookAboutLabel = (brandName: string) => `Book a session about ${brandName}`;

/**
 * A brand's page: 'Hunters who know this brand', up to six approved hunters who named it in an edit or among their
 * go-to brands, each with 'Book a session about {brand}'. Hidden when there are none.
 */
export function HuntersWhoKnowBrand({ brand }: { brand: { id: number; name: string } }) {
  const hunters = useHuntersWhoKnowBrand(brand.id);
  const signedIn = useAuth().status === 'authenticated';
  if (!hunters.data || hunters.data.length === 0) return null;
  return (
    <section aria-labelledby="hunters-who-know-brand" data-testid="hunters-who-know-brand">
      <h2
        id="hunters-who-know-brand"
        className="flex items-center gap-2 text-xl font-bold tracking-tight text-stone-900"
      >
        <Users className="h-5 w-5 text-brand-600" aria-hidden /> Hunters who know this brand
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Style hunters who have recommended {brand.name}. Book a session to talk it through.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {hunters.data.map((hunter) => (
          <li key={hunter.id} className="flex">
            <KnownHunterCard hunter={hunter} brand={brand} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function KnownHunterCard({
  hunter,
  brand,
  signedIn,
}: {
  hunter: Hunter;
  brand: { id: number; name: string };
  signedIn: boolean;
}) {
  const profile = paths.hunter.getHref(hunter);
  const book = bookAboutBrandHref(hunter.id, brand.id);
  const unavailable = hunter.availabilityStatus === 'Unavailable';
  const bookClasses = buttonClasses({ size: 'sm', className: 'w-full whitespace-normal text-center' });
  return (
    <article className="flex w-full flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-center gap-3">
        <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
          <HunterPhoto name={hunter.name} src={hunter.profileImageUrl} className="h-14 w-14 rounded-full text-lg" />
        </Link>
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-x-1.5 font-bold text-stone-900">
            <Link to={profile} className="underline-offset-4 hover:text-brand-800 hover:underline">
              {hunter.name}
            </Link>
            {hunter.verified ? <VerifiedBadge /> : null}
          </h3>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-sm">
            {hasRating(hunter.rating) ? (
              <>
                <StarRating rating={halfStars(hunter.rating)} />
                <span className="font-semibold text-stone-900">{ratingLabel(hunter.rating)}</span>
                <span className="text-stone-500">({hunter.reviewCount})</span>
              </>
            ) : (
              <NewHunterLabel />
            )}
          </span>
          <p className="mt-0.5 text-sm text-stone-600">
            from{' '}
            <span className="font-bold text-stone-900">
              {formatMoney(hunter.pricePerSession * 100, hunter.currency, { minorUnits: 'unlessWhole' })}
            </span>{' '}
            per session
          </p>
        </div>
      </div>
      <div className="mt-auto pt-4">
        {unavailable ? (
          <p className="rounded-full bg-stone-100 px-3 py-2 text-center text-sm font-medium text-stone-500">
            Not taking bookings right now
          </p>
        ) : signedIn ? (
          <Link to={book} className={bookClasses}>
            <CalendarPlus className="h-4 w-4" aria-hidden /> {bookAboutLabel(brand.name)}
          </Link>
        ) : (
          <a href={paths.login.getHref(book)} className={bookClasses}>
            <CalendarPlus className="h-4 w-4" aria-hidden /> {bookAboutLabel(brand.name)}
          </a>
        )}
      </div>
    </article>
  );
}
