import type { Brand } from '@hunted/contracts';
import { ArrowRight, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BrandImage } from '@/components/ui/brand-image';
import { BrandLinkIcons } from './brand-links';
import { BrandBadges } from './brand-badges';
import { RatingSummary } from './rating-summary';
import { TagChips } from './tag-chips';

const CARD_CHIP_LIMIT = 4;

/** A brand on /brands: every field the spec lists for the card. */
export function BrandCard({
  brand,
  rank,
  onViewDetails,
  priority = false,
}: {
  brand: Brand;
  /** One of the first cards, in view as the page opens: its picture loads at once (see BrandImage). */
  priority?: boolean;
  /** Its rank within its category, once the server has counted it. */
  rank?: number;
  onViewDetails?: () => void;
}) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[4/3] overflow-hidden bg-stone-100">
        <BrandImage
          src={brand.imageUrl}
          name={brand.name}
          priority={priority}
          className="h-full w-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {rank ? (
          <span
            className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-bold text-stone-900 shadow-sm ring-1 ring-black/5"
            title={`Ranked #${rank} in ${brand.category} by rating, then votes`}
          >
            #{rank} in {brand.category}
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-bold tracking-tight text-stone-900">
          <Link to={paths.brand.getHref(brand.id, brand.name)} onClick={onViewDetails} className="hover:text-brand-700">
            {brand.name}
          </Link>
        </h2>
        <BrandBadges brand={brand} />
        <RatingSummary rating={brand.rating} ratingCount={brand.ratingCount} className="mt-3" />
        <p className="mt-3 line-clamp-3 text-sm leading-6 text-stone-600">{brand.description}</p>
        <TagChips kind="tag" values={brand.tags ?? []} limit={CARD_CHIP_LIMIT} className="mt-3" />
        <TagChips kind="hashtag" values={brand.hashtags ?? []} limit={CARD_CHIP_LIMIT} className="mt-2" />

        <div className="mt-auto flex items-center justify-between gap-3 pt-5">
          <BrandLinkIcons brand={brand} />
          <span className="ml-auto inline-flex items-center gap-1.5 text-sm font-semibold text-stone-700">
            <ThumbsUp className="h-4 w-4 text-brand-600" aria-hidden />
            {brand.votes} {brand.votes === 1 ? 'vote' : 'votes'}
          </span>
        </div>
        <Link
          to={paths.brand.getHref(brand.id, brand.name)}
          onClick={onViewDetails}
          className={buttonClasses({ variant: 'secondary', className: 'mt-4 w-full' })}
          aria-label={`View Details of ${brand.name}`}
        >
          View Details <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
    </article>
  );
}
