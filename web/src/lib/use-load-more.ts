import { useEffect, useRef } from 'react';

/**
 * 'Load more' as the end of a list comes into view: returns the ref of the element at the end (the 'Show more'
 * button's box, the fallback where there is no IntersectionObserver). `shown` is how many items are on screen, so
 * the observer starts again after each load.
 */
export function useLoadMore(hasMore: boolean, loadMore: () => void, shown: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loadMore, shown]);
  return sentinel;
}
