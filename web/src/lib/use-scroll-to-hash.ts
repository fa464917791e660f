import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls the element with `id` into view once it is `ready`, when the address names it (`/edit-profile#your-data`).
 * The browser's own jump to the fragment happens before a lazily drawn section exists, so the section asks for it.
 * Once per arrival: the member's own scrolling afterwards is left alone.
 */
export function useScrollToHash(id: string, ready: boolean): void {
  const { hash, key } = useLocation();
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || hash !== `#${id}` || scrolledFor.current === key) return;
    scrolledFor.current = key;
    document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [id, ready, hash, key]);
}
