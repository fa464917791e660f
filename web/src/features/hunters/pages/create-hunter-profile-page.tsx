import type { HunterInput } from '@hunted/contracts';
import { BadgeCheck, Camera, LayoutDashboard, Banknote, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { failureToast, fieldErrorsOfSubmission, successToast } from '@/components/form/submit';
import { buttonClasses } from '@/components/ui/button';
import { Notice, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { Tip, TipsCard } from '@/components/ui/tip';
import { AUTH_REQUIRED_REDIRECT_DELAY_MS, HUNTER_APPROVAL_HOURS } from '@/config/constants';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { goToLogin, useAuth, type User } from '@/lib/auth';
import { useCreateHunter } from '../api/create-hunter';
import { useHunterProfile } from '../api/get-hunter-profile';
import { HunterProfileForm } from '../components/hunter-profile-form';
import { newHunterFormValues } from '../lib/hunter-form-values';

/** /create-hunter-profile, reached only through the signed-in guard (a guest gets 'Authentication Required'). */
export function CreateHunterProfilePage() {
  const auth = useAuth();
  const profile = useHunterProfile();
  const navigate = useNavigate();
  const create = useCreateHunter({
    onSuccess: () => {
      // The spec's text; the dashboard's banner then says the profile is being reviewed (unlisted until approved).
      successToast('Success!', 'Your hunter profile has been created successfully.');
      void navigate(paths.hunterDashboard.getHref());
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) {
        toast({
          variant: 'destructive',
          title: 'Authentication Required',
          description: 'Please sign in to create your profile.',
        });
        setTimeout(goToLogin, AUTH_REQUIRED_REDIRECT_DELAY_MS);
        return;
      }
      failureToast('Error', 'Failed to create hunter profile. Please try again.', { fromServer: false })(error);
      // Created meanwhile (in another tab): reading the profile again shows the way to the dashboard instead.
      if (error instanceof HttpError && error.status === 409) void profile.refetch();
    },
  });

  // The form stays while its own creation finishes (the profile is read again meanwhile), until the dashboard opens.
  const creating = create.isPending || create.isSuccess;
  if (auth.status !== 'authenticated' || profile.isPending) return <Spinner />;
  // One profile per user (a second create answers 409): a hunter manages theirs from the dashboard.
  if (profile.data && !creating) return <AlreadyAHunter />;
  return <CreateHunterProfile user={auth.user} pending={creating} create={create.mutateAsync} />;
}

function CreateHunterProfile({
  user,
  pending,
  create,
}: {
  user: User;
  pending: boolean;
  create: (input: HunterInput) => Promise<unknown>;
}) {
  const initialValues = useMemo(() => newHunterFormValues(user), [user]);
  return (
    <Page
      title="Create Your Hunter Profile"
      description="Tell clients about your style expertise, the sessions you offer and your prices."
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem] lg:items-start">
        <HunterProfileForm
          mode="create"
          initialValues={initialValues}
          pending={pending}
          onSubmit={(input) => fieldErrorsOfSubmission(create(input))}
        />
        <aside className="space-y-4 lg:sticky lg:top-24">
          <TipsCard title="A profile clients book">
            <Tip icon={<Camera />}>A bright, friendly photo of you: profiles with one get far more bookings.</Tip>
            <Tip icon={<Banknote />}>
              Price each session type on its own. A free question is a good way to meet new clients.
            </Tip>
            <Tip icon={<ShieldCheck />}>
              Our concierge team verifies new hunters within {HUNTER_APPROVAL_HOURS} hours.
            </Tip>
          </TipsCard>
          <p className="px-2 text-xs leading-5 text-stone-500">
            You can change everything later from the Settings tab of your hunter dashboard.
          </p>
        </aside>
      </div>
    </Page>
  );
}

function AlreadyAHunter() {
  return (
    <Notice
      icon={<BadgeCheck className="h-6 w-6" aria-hidden />}
      title="You already have a hunter profile"
      description="Manage your profile, sessions and availability from your hunter dashboard."
    >
      <Link to={paths.hunterDashboard.getHref()} className={buttonClasses({ size: 'lg' })}>
        <LayoutDashboard className="h-4 w-4" aria-hidden /> Go to Hunter Dashboard
      </Link>
    </Notice>
  );
}
