import type { ReactNode } from 'react';
import { Deferred } from '@/components/deferred';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { lazyNamed } from '@/lib/lazy-named';
import { ProfileForm } from '../components/profile-form';

// Below the form, so drawn after it, with their own script (see Deferred).
const AccountSections = lazyNamed(() => import('../components/account-sections'), 'AccountSections');
const TimeZoneSection = lazyNamed(() => import('../components/time-zone-section'), 'TimeZoneSection');

/**
 * Reached only through the signed-in guard, so the current user is known here. The time zone (which emails use)
 * comes first below the form; `emailPreferences` is the messaging feature's section (app/routes/edit-profile.tsx),
 * drawn between it and the account's own sections.
 */
export function EditProfilePage({ emailPreferences }: { emailPreferences?: ReactNode }) {
  const auth = useAuth();
  return (
    <Page title="Edit Profile" description="Update your name, photo and Instagram profile.">
      {auth.status === 'authenticated' ? (
        <>
          <ProfileForm key={auth.user.id} user={auth.user} />
          <div className="mt-6 grid gap-6">
            <Deferred>
              <TimeZoneSection timeZone={auth.user.timeZone} />
            </Deferred>
            {emailPreferences}
            <Deferred>
              <AccountSections email={auth.user.email} />
            </Deferred>
          </div>
        </>
      ) : (
        <Spinner />
      )}
    </Page>
  );
}
