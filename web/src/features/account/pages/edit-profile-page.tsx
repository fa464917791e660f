import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { ProfileForm } from '../components/profile-form';

/** Reached only through the signed-in guard, so the current user is known here. */
export function EditProfilePage() {
  const auth = useAuth();
  return (
    <Page title="Edit Profile" description="Update your name, photo and Instagram profile.">
      {auth.status === 'authenticated' ? <ProfileForm key={auth.user.id} user={auth.user} /> : <Spinner />}
    </Page>
  );
}
