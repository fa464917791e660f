import type { HunterEditItem } from '@hunted/contracts';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandImage } from '@/components/ui/brand-image';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { safeExternalUrl } from '../../lib/hunter-filters';

/** An item's brand: a link to its page, or its name alone once it has left the directory. */
function BrandName({ item, className }: { item: HunterEditItem; className?: string }) {
  if (!item.brand) return <span className={className}>{item.brandName}</span>;
  return (
    <Link
      to={paths.brand.getHref(item.brand.id, item.brand.name)}
      className={cn('underline-offset-4 hover:text-brand-800 hover:underline', className)}
    >
      {item.brand.name}
    </Link>
  );
}

/** A link a hunter wrote: opened apart, never followed by search engines, marked as user content. */
function ProductLink({ item, className }: { item: HunterEditItem; className?: string }) {
  const href = safeExternalUrl(item.productUrl);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener nofollow ugc"
      className={cn(
        'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800',
        className,
      )}
    >
      View product <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      <span className="sr-only"> {item.itemName} (opens in a new window)</span>
    </a>
  );
}

/** An edit's items as cards: the photo (or the brand's picture), the brand, the item, why, and its link. */
export function EditItemCards({ items }: { items: HunterEditItem[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li
          key={item.position}
          className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs sm:p-3.5"
        >
          <div className="h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200 sm:h-24 sm:w-24">
            {item.photoUrl ? (
              <img src={item.photoUrl} alt={item.itemName} loading="lazy" className="h-full w-full object-cover" />
            ) : (
              <BrandImage
                src={item.brand?.imageUrl}
                name={item.brand?.name ?? item.brandName}
                className="h-full w-full text-xl"
              />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <p className="flex min-w-0 items-center gap-1.5 text-xs font-semibold tracking-wide text-stone-500 uppercase">
              {item.photoUrl && item.brand ? (
                <span aria-hidden>
                  <BrandImage src={item.brand.imageUrl} name={item.brand.name} className="h-4 w-4 rounded text-[6px]" />
                </span>
              ) : null}
              <BrandName item={item} className="truncate" />
            </p>
            <p className="mt-0.5 font-semibold break-words text-stone-900">{item.itemName}</p>
            <p className="mt-1 text-sm leading-6 break-words text-stone-600">{item.why}</p>
            <ProductLink item={item} className="mt-1.5" />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** An edit's items in a few lines (a brand's page, a hunter's page): brand, item and why. */
export function EditItemList({ items }: { items: HunterEditItem[] }) {
  return (
    <ol className="divide-y divide-stone-100">
      {items.map((item) => (
        <li key={item.position} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
          <span aria-hidden className="shrink-0">
            <BrandImage
              src={item.photoUrl ?? item.brand?.imageUrl}
              name={item.brand?.name ?? item.brandName}
              className="h-10 w-10 rounded-lg text-xs"
            />
          </span>
          <div className="min-w-0 text-sm">
            <p className="break-words text-stone-900">
              <BrandName item={item} className="font-semibold" />
              <span className="text-stone-500" aria-hidden> · </span>
              {item.itemName}
            </p>
            <p className="mt-0.5 break-words text-stone-600">{item.why}</p>
            <ProductLink item={item} className="mt-1" />
          </div>
        </li>
      ))}
    </ol>
  );
}
