import type { TodayBrand } from '@hunted/contracts';
import { Award, Flame, MapPin, ThumbsUp, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FEATURED_CARD_TAG_COUNT, TODAY_CARD_TAG_COUNT } from '@/config/directory';
import { paths } from '@/config/paths';
import { BrandImage } from '@/components/ui/brand-image';
import { BrandLinkIcons } from './brand-links';
import { BrandBadges } from './brand-badges';
import { RatingSummary } from './rating-summary';
import { TagChips } from './tag-chips';

function VoteTally({ brand, className }: { brand: TodayBrand; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-2xl border border-stone-200 bg-stone-50 px-3 py-2 text-center',
        className,
      )}
    >
      <ThumbsUp className="h-4 w-4 text-brand-600" aria-hidden />
      <span className="mt-1 text-lg leading-none font-extrabold text-stone-900">{brand.todayVotes}</span>
      <span className="mt-1 text-[11px] font-medium text-stone-500">today</span>
      <span className="sr-only">
        {brand.todayVotes} votes today, {brand.votes} in total
      </span>
    </div>
  );
}

/** A ranked brand in today's list. */
export function TodayCard({ brand, rank }: { brand: TodayBrand; rank: number }) {
  const href = paths.brand.getHref(brand.id, brand.name);
  return (
    <article className="flex gap-4 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5">
      <div className="flex shrink-0 flex-col items-center gap-3">
        <span
          className={cn(
            'flex h-8 w-8 items-center justify-center rounded-full text-sm font-extrabold',
            rank <= 3 ? 'bg-brand-600 text-white' : 'bg-stone-100 text-stone-700',
          )}
          aria-label={`Rank ${rank}`}
        >
          {rank}
        </span>
        <Link to={href} tabIndex={-1} aria-hidden className="block">
          <BrandImage src={brand.imageUrl} name={brand.name} className="h-20 w-20 rounded-2xl sm:h-24 sm:w-24" />
        </Link>
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h3 className="text-base font-bold tracking-tight text-stone-900 sm:text-lg">
              <Link to={href} className="hover:text-brand-700">
                {brand.name}
              </Link>
            </h3>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <Badge tone="brand">{brand.category}</Badge>
              <Badge>
                <MapPin aria-hidden /> {brand.location}
              </Badge>
              <Badge tone="sky" className="max-sm:hidden">
                <Truck aria-hidden /> {brand.delivery}
              </Badge>
            </div>
          </div>
          <VoteTally brand={brand} />
        </div>
        <p className="mt-2 line-clamp-2 text-sm leading-6 text-stone-600">{brand.description}</p>
        <RatingSummary rating={brand.rating} ratingCount={brand.ratingCount} className="mt-2" />
        <TagChips kind="tag" values={brand.tags ?? []} limit={TODAY_CARD_TAG_COUNT} className="mt-3" />
        <TagChips kind="hashtag" values={brand.hashtags ?? []} limit={TODAY_CARD_TAG_COUNT} className="mt-2" />
      </div>
    </article>
  );
}

/**
 * 'Featured Brand of the Day': the day's pick, larger, with '#1 Today'. `compact` stacks its picture above the text,
 * for half the width beside the Hunter's Pick.
 */
export function FeaturedCard({ brand, compact = false }: { brand: TodayBrand; compact?: boolean }) {
  const href = paths.brand.getHref(brand.id, brand.name);
  return (
    <section
      aria-labelledby="featured-heading"
      className="overflow-hidden rounded-3xl border border-brand-200 bg-white shadow-lg shadow-brand-900/5"
    >
      <div className="flex items-center justify-between gap-3 bg-gradient-to-r from-brand-600 to-rose-500 px-4 py-3 text-white sm:px-5">
        <h2
          id="featured-heading"
          className="flex items-center gap-2 text-xs font-bold tracking-wide uppercase sm:text-sm"
        >
          <Award className="h-4 w-4" aria-hidden /> Featured Brand of the Day
        </h2>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white px-2.5 py-0.5 text-xs font-extrabold whitespace-nowrap text-brand-700">
          <Flame className="h-3.5 w-3.5" aria-hidden /> #1 Today
        </span>
      </div>
      <div className={cn('grid gap-5 p-5 sm:p-6', !compact && 'sm:grid-cols-[14rem_1fr]')}>
        <Link to={href} tabIndex={-1} aria-hidden className="block">
          <BrandImage
            src={brand.imageUrl}
            name={brand.name}
            priority
            className={cn('aspect-[16/9] w-full rounded-2xl', !compact && 'sm:aspect-square')}
          />
        </Link>
        <div className="flex min-w-0 flex-col">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <h3 className="text-2xl font-extrabold tracking-tight text-stone-900">
                <Link to={href} className="hover:text-brand-700">
                  {brand.name}
                </Link>
              </h3>
              <BrandBadges brand={brand} />
            </div>
            <VoteTally brand={brand} />
          </div>
          <RatingSummary rating={brand.rating} ratingCount={brand.ratingCount} className="mt-3" />
          <p className="mt-3 line-clamp-4 text-[15px] leading-7 text-stone-600">{brand.description}</p>
          <TagChips kind="tag" values={brand.tags ?? []} limit={FEATURED_CARD_TAG_COUNT} className="mt-3" />
          <TagChips kind="hashtag" values={brand.hashtags ?? []} limit={FEATURED_CARD_TAG_COUNT} className="mt-2" />
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
            <BrandLinkIcons brand={brand} />
            <Link to={href} className={buttonClasses({ variant: 'secondary' })}>
              View Details
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
