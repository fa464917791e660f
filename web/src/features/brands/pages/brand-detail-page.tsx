import { londonDateOf, mediumDateLabel, type Brand } from '@hunted/contracts';
import { Award, CalendarDays, Eye, EyeOff, Home, MapPin, MessageSquareText, PackageCheck, ThumbsUp } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ReportButton } from '@/components/report/report-button';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { BRAND_PAGE_ANCHORS, PRICE_CATEGORY_LABELS } from '@/config/directory';
import { paths } from '@/config/paths';
import { useDrawnInBackground } from '@/lib/use-drawn-in-background';
import { useBrand } from '../api/get-brand';
import { useRecordView } from '../api/record-view';
import { BrandBadges } from '../components/brand-badges';
import { BrandLinkList } from '../components/brand-links';
import { GuestBanner } from '../components/guest-banner';
import { RatingSummary, reviewCountLabel } from '../components/rating-summary';
import { SaveButton } from '../components/save-button';
import { ShareMenu, SharePanel } from '../components/share-menu';
import { TagChips } from '../components/tag-chips';
import { VoteButton } from '../components/vote-button';

/** What a delivery scope means to a shopper. */
export function deliveryDescription(brand: Pick<Brand, 'delivery' | 'location'>): string {
  switch (brand.delivery) {
    case 'Local Only':
    case 'Local Delivery':
      return `Delivers locally within ${brand.location} only.`;
    case 'Europe Wide':
      return `Ships from ${brand.location} to customers across Europe.`;
    case 'International':
      return `Ships from ${brand.location} to customers worldwide.`;
    default:
      return `Delivery: ${brand.delivery}.`;
  }
}

export function addedDateLabel(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? '—'
    : // The site's date it was added (London's), whatever the browser's zone: '3 Dec 2026'.
      mediumDateLabel(londonDateOf(date));
}

/**
 * What other features put on a brand's page: the pictures under the header, the reviews (inside the `#reviews`
 * anchor), and what hunters say of the brand (the published edits naming it, and the hunters who know it). The route
 * in `app/` fills them, since a feature does not import another.
 */
export interface BrandPageSlots {
  photos: (brand: Brand) => ReactNode;
  reviews: (brand: Brand) => ReactNode;
  hunterEdits?: (brand: Brand) => ReactNode;
  hunters?: (brand: Brand) => ReactNode;
}

export function BrandDetailPage({ slots }: { slots: BrandPageSlots }) {
  const { id = '' } = useParams();
  const brand = useBrand(id);
  const drawn = useDrawnInBackground(!brand.isPending);

  if (brand.isPending || !drawn) return <Spinner label="Loading brand details..." />;
  if (brand.isError || !brand.data) {
    return (
      <Notice title="Brand not found" description="This brand may have been removed, or the link is wrong.">
        <Link to={paths.home.getHref()} className={buttonClasses()}>
          <Home className="h-4 w-4" aria-hidden /> Back to Home
        </Link>
      </Notice>
    );
  }
  return <BrandDetail brand={brand.data} routeId={id} slots={slots} />;
}

function BrandDetail({ brand, routeId, slots }: { brand: Brand; routeId: string; slots: BrandPageSlots }) {
  // One page view per visit: the ref survives React's development double-run of effects.
  const { mutate: recordView } = useRecordView(routeId);
  const viewed = useRef<number | null>(null);
  useEffect(() => {
    if (viewed.current === brand.id) return;
    viewed.current = brand.id;
    recordView(brand.id);
  }, [brand.id, recordView]);

  const priceMeaning = PRICE_CATEGORY_LABELS[brand.priceCategory as keyof typeof PRICE_CATEGORY_LABELS];
  // The review form is drawn a moment after the page (see app/routes/brand.tsx): until then, go to the reviews.
  const scrollTo = (anchor: string) =>
    (document.getElementById(anchor) ?? document.getElementById(BRAND_PAGE_ANCHORS.reviews))?.scrollIntoView({
      behavior: 'smooth',
    });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`${brand.name} · Hunted`}</title>
      <div className="space-y-5">
        <GuestBanner back={{ to: paths.brands.getHref(), label: 'Back to Brands' }}>
          Browsing as guest • Sign in to vote and save brands
        </GuestBanner>
        {brand.moderation?.hidden ? <HiddenBrandBanner moderation={brand.moderation} /> : null}
        {brand.featured ? (
          <div className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-amber-400 to-amber-300 px-4 py-3 text-amber-950 shadow-sm">
            <Award className="h-5 w-5 shrink-0" aria-hidden />
            <p className="text-sm">
              <strong className="font-bold">Featured Brand</strong>
              <span className="max-sm:hidden"> — picked by the community as a brand to discover.</span>
            </p>
          </div>
        ) : null}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-8">
          <header>
            <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{brand.name}</h1>
            <button
              type="button"
              onClick={() => scrollTo(BRAND_PAGE_ANCHORS.reviews)}
              className="mt-3 flex flex-wrap items-center gap-2 rounded-lg text-left"
              // Begins with the visible text, as speech-input users say it ('click Community rating 4.5 …').
              aria-label={`Community rating ${Number(brand.rating || 0).toFixed(1)} (${reviewCountLabel(brand.ratingCount)}), out of 5: go to the reviews`}
            >
              <span className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Community rating</span>{' '}
              <RatingSummary rating={brand.rating} ratingCount={brand.ratingCount} starClassName="h-5 w-5" />
            </button>
            <BrandBadges brand={brand} className="mt-4 gap-2">
              <Badge tone="amber" title="Price level">
                {brand.priceCategory}
                {priceMeaning ? <span className="font-medium"> · {priceMeaning}</span> : null}
              </Badge>
            </BrandBadges>
            <div className="mt-5 flex flex-wrap gap-2.5">
              <VoteButton brand={brand} routeId={routeId} />
              <ShareMenu brand={brand} />
              <Button variant="outline" onClick={() => scrollTo(BRAND_PAGE_ANCHORS.writeReview)}>
                <MessageSquareText className="h-4 w-4" aria-hidden /> Review
              </Button>
              <SaveButton brandId={brand.id} />
              {/* Not on a hidden brand: only its submitter and admins see it, and there is nothing left to report. */}
              {brand.moderation?.hidden ? null : (
                <ReportButton kind="brand" itemId={brand.id} subject={brand.name} className="self-center px-1.5 py-1" />
              )}
            </div>
          </header>

          {slots.photos(brand)}

          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-bold tracking-tight text-stone-900">
              About {brand.name}
            </h2>
            <p className="mt-3 text-[15px] leading-7 whitespace-pre-line text-stone-700">{brand.description}</p>
          </section>

          {(brand.tags ?? []).length > 0 ? (
            <section aria-labelledby="characteristics-heading">
              <h2 id="characteristics-heading" className="text-lg font-bold text-stone-900">
                Brand Characteristics
              </h2>
              <TagChips kind="tag" values={brand.tags} className="mt-3 [&_a]:px-3 [&_a]:py-1.5 [&_a]:text-sm" />
            </section>
          ) : null}
          {(brand.hashtags ?? []).length > 0 ? (
            <section aria-labelledby="hashtags-heading">
              <h2 id="hashtags-heading" className="text-lg font-bold text-stone-900">
                Hashtags
              </h2>
              <TagChips kind="hashtag" values={brand.hashtags} className="mt-3 [&_a]:px-3 [&_a]:py-1.5 [&_a]:text-sm" />
            </section>
          ) : null}

          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <StatTile icon={<ThumbsUp aria-hidden />} label="Total Votes" value={String(brand.votes)} />
            <StatTile icon={<Eye aria-hidden />} label="Page Views" value={String(brand.views)} />
            <StatTile icon={<MapPin aria-hidden />} label="Location" value={brand.location} />
            <StatTile icon={<CalendarDays aria-hidden />} label="Added" value={addedDateLabel(brand.createdAt)} />
          </dl>

          {slots.hunterEdits?.(brand)}
          {slots.hunters?.(brand)}

          <div id={BRAND_PAGE_ANCHORS.reviews} className="scroll-mt-24">
            {slots.reviews(brand)}
          </div>
        </div>

        <aside className="space-y-5 lg:sticky lg:top-24 lg:self-start">
          <section
            aria-labelledby="visit-heading"
            className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="visit-heading" className="text-base font-bold text-stone-900">
              Visit
            </h2>
            <div className="mt-4">
              <BrandLinkList brand={brand} />
            </div>
          </section>
          <section
            aria-labelledby="delivery-heading"
            className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="delivery-heading" className="flex items-center gap-2 text-base font-bold text-stone-900">
              <PackageCheck className="h-4 w-4 text-stone-500" aria-hidden /> Delivery information
            </h2>
            <p className="mt-2 text-sm font-semibold text-stone-800">{brand.delivery}</p>
            <p className="mt-1 text-sm leading-6 text-stone-600">{deliveryDescription(brand)}</p>
          </section>
          <SharePanel brand={brand} />
        </aside>
      </div>
    </div>
  );
}

/**
 * What the admins and the submitter of a hidden brand see (everyone else gets the 404): that it is off the directory
 * and why, and for the submitter the notice page where they may appeal.
 */
function HiddenBrandBanner({ moderation }: { moderation: NonNullable<Brand['moderation']> }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-2xl bg-stone-900 px-4 py-3.5 text-white shadow-sm">
      <EyeOff className="mt-0.5 h-5 w-5 shrink-0 text-stone-300" aria-hidden />
      <div className="min-w-0 text-sm leading-6">
        <p>
          <strong className="font-bold">This brand is hidden from the directory</strong>
          {moderation.reason ? (
            <>
              : <span className="break-words whitespace-pre-line">{moderation.reason}</span>
            </>
          ) : (
            '.'
          )}
        </p>
        {moderation.noticePath ? (
          <Link to={moderation.noticePath} className="font-semibold text-amber-300 underline-offset-2 hover:underline">
            See why, or appeal
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function StatTile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
      <dt className="flex items-center gap-1.5 text-xs font-semibold text-stone-500 [&_svg]:h-3.5 [&_svg]:w-3.5">
        {icon} {label}
      </dt>
      <dd className="mt-1.5 truncate text-lg font-bold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}
