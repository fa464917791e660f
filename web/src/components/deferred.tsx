import { startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** How far below the screen a section starts loading, so it is usually there before it is scrolled to. */
const NEAR_VIEW = '400px 0px';

/**
 * A section of a page drawn after the page itself: once the browser is idle after the first paint, or as soon as
 * it comes near the screen, whichever is first. Give it a `React.lazy` component and its script is fetched then
 * too, not with the page's own (issue 23: on a slow phone every section's script and rendering came before the
 * page's largest paint). Where the browser cannot tell what is in view (no IntersectionObserver), it is drawn at once;
 * happy-dom has one that never reports, so in tests a section comes with the idle callback (see testing/setup.ts).
 */
export function Deferred({
  children,
  placeholderClassName,
  fallback,
}: {
  children: ReactNode;
  placeholderClassName?: string;
  /** What stands in until then, for a part always on screen (drawn after idle alone); else an empty block. */
  fallback?: ReactNode;
}) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const marker = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    // In a transition: React draws the section in slices, yielding to the browser between them, so a large section
    // makes no long task of its own after the page's first paint (a phone's total blocking time, issue 23).
    const show = () => startTransition(() => setShown(true));
    const cancelIdle = whenIdle(show);
    // A given fallback is on screen already: only the empty block below the page is watched coming into view.
    const watched = marker.current;
    if (!watched) return cancelIdle;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
      rootMargin: NEAR_VIEW,
    });
    observer.observe(watched);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [shown]);

  const placeholder = fallback ?? <div ref={marker} className={placeholderClassName} aria-hidden />;
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
