import { Suspense } from 'react';
import { useAuth } from '@/lib/auth';
import { lazyNamed } from '@/lib/lazy-named';

// Its code (the clock's zone list and the save) loads only for a member identity knows no zone for: every other
// page view of every visitor costs nothing more than the current-user call it already makes.
const BrowserTimeZone = lazyNamed(() => import('./browser-time-zone'), 'BrowserTimeZone');

/** Draws BrowserTimeZone (which fills a missing zone from the browser) only while the signed-in member has none. */
export function BrowserTimeZoneGate() {
  const auth = useAuth();
  if (auth.status !== 'authenticated' || auth.user.timeZone !== null) return null;
  return (
    <Suspense fallback={null}>
      <BrowserTimeZone />
    </Suspense>
  );
}
