import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';
import { browserTimeZone } from '@/lib/time-zone';
import { useUpdateTimeZone } from '../api/time-zone';

/** The members this tab has already sent its zone for: once per sign-in, not once per page. */
const sentFor = new Set<string>();

/**
 * Fills a signed-in member's time zone from the browser when identity has none yet (issue 38 item 3), so their
 * emails and invites use it from the start. Sent once, and only to fill a gap (`onlyIfUnset`): a zone the member
 * chose on /edit-profile is never overwritten by the browser they happen to use. A failure is left alone: the
 * emails use London's time meanwhile, and the next visit tries again. Draws nothing.
 */
export function BrowserTimeZone() {
  const auth = useAuth();
  const update = useUpdateTimeZone();
  const { mutate } = update;
  const userId = auth.status === 'authenticated' && auth.user.timeZone === null ? auth.user.id : null;
  useEffect(() => {
    if (userId === null || sentFor.has(userId)) return;
    const zone = browserTimeZone();
    if (!zone) return;
    sentFor.add(userId);
    mutate({ timeZone: zone, onlyIfUnset: true });
  }, [userId, mutate]);
  return null;
}
