import { Deferred } from '@/components/deferred';
import { EditProfilePage } from '@/features/account/pages/edit-profile-page';
import { lazyNamed } from '@/lib/lazy-named';

// Below the profile form, so drawn after it, with its own script (see Deferred).
const EmailPreferences = lazyNamed(() => import('@/features/messaging/components/email-preferences'), 'EmailPreferences');

/** /edit-profile: identity's profile, data and deletion (the account feature) and messaging's email preferences. */
export function EditProfileRoute() {
  return (
    <EditProfilePage
      emailPreferences={
        <Deferred>
          <EmailPreferences />
        </Deferred>
      }
    />
  );
}
