import { Link } from 'react-router-dom';
import { chipClasses } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { moreLabel } from '../lib/brand-filters';

/**
 * A brand's tags or hashtags as chips linking to the brands filtered by each; with `limit`, the rest
 * collapse into '+n more'.
 */
export function TagChips({
  kind,
  values,
  limit,
  className,
}: {
  kind: 'tag' | 'hashtag';
  values: readonly string[];
  limit?: number;
  className?: string;
}) {
  if (values.length === 0) return null;
  const shown = limit === undefined ? values : values.slice(0, limit);
  const more = moreLabel(values.length, shown.length);
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={kind === 'tag' ? 'Tags' : 'Hashtags'}>
      {shown.map((value) => (
        <li key={value}>
          <Link
            to={paths.brands.getHref(kind === 'tag' ? { tag: value } : { hashtag: value })}
            className={chipClasses(kind)}
          >
            {value}
          </Link>
        </li>
      ))}
      {more ? (
        <li>
          <span className="inline-flex items-center rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-600">
            {more}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
