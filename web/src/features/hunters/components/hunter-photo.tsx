import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { initialsOf } from '../lib/hunter-filters';

/** The hunter's photo, or their initials on a soft gradient when there is none (or it fails to load). */
export function HunterPhoto({ name, src, className }: { name: string; src: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={`Photo of ${name}`}
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('object-cover', className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name}'s initials`}
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-brand-100 via-stone-100 to-amber-100 text-4xl font-bold tracking-tight text-brand-700',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
