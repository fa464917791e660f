import { useState } from 'react';
import { cn } from '@/components/ui/cn';

/** A brand's picture; when it is missing or fails to load, a tinted panel with the brand's initials. */
export function BrandImage({
  src,
  name,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  name: string;
  className?: string;
  /**
   * The page's largest picture above the fold: loaded at once and first. Lazy loading it made the browser wait for
   * layout before even asking for it, which was most of a slow phone's largest-paint time (issue 23).
   */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    const initials = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('');
    return (
      <div
        role="img"
        aria-label={name}
        className={cn(
          'flex items-center justify-center bg-gradient-to-br from-brand-100 via-rose-50 to-amber-100 text-3xl font-extrabold tracking-tight text-brand-700/70',
          className,
        )}
      >
        {initials}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      className={cn('object-cover', className)}
    />
  );
}
