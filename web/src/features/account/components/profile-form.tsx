import { updateCurrentUserSchema } from '@hunted/contracts';
import { LayoutDashboard } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { InputField } from '@/components/form/fields';
import { schemaFieldErrors } from '@/components/form/schema-errors';
import { useFormState } from '@/components/form/use-form-state';
import { ProfilePhotoButton } from '@/components/profile-photo-button';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { useUpdateUser, type UpdateUserInput } from '../api/update-user';

/** Long enough to read the confirmation before the page reloads with the saved profile. */
const RELOAD_AFTER_SAVE_MS = 1000;

/** The fields the service's schema may refuse, in the order the form shows them. */
const PROFILE_FIELDS = ['firstName', 'lastName', 'instagramUrl'] as const;

interface ProfileValues {
  firstName: string;
  lastName: string;
  instagramUrl: string;
  profileImageUrl: string;
}

export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const form = useFormState<ProfileValues, (typeof PROFILE_FIELDS)[number]>({
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      instagramUrl: user.instagramUrl ?? '',
      profileImageUrl: user.profileImageUrl ?? '',
    },
    fields: PROFILE_FIELDS,
  });
  const { values, setValue, fieldProps } = form;

  const update = useUpdateUser({
    onSuccess: () => {
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_SAVE_MS);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        // 429: the day's allowance of profile photos, which names the limit (decision 0091).
        description:
          serverMessage(error, 400) ?? serverMessage(error, 429) ?? 'Failed to update profile. Please try again.',
      });
    },
  });

  /** What PATCH /api/auth/user is sent: trimmed, and the photo only when it changed. */
  const inputOf = (current: ProfileValues): UpdateUserInput => {
    const input: UpdateUserInput = {
      firstName: current.firstName.trim(),
      lastName: current.lastName.trim(),
      instagramUrl: current.instagramUrl.trim() || null,
    };
    if (current.profileImageUrl !== (user.profileImageUrl ?? '')) input.profileImageUrl = current.profileImageUrl;
    return input;
  };

  const submit = form.handleSubmit({
    // The service's rules, checked with its schema before anything is sent.
    validate: (current) => schemaFieldErrors(updateCurrentUserSchema, inputOf(current), PROFILE_FIELDS),
    // A refusal is the mutation's toast; the server's messages name no field this form shows.
    send: async (current) => {
      update.mutate(inputOf(current));
      return null;
    },
  });

  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'User';

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:grid-rows-[auto_1fr] lg:items-start">
      <section className="flex flex-col items-center rounded-3xl border border-stone-200 bg-white p-6 text-center shadow-sm">
        <Avatar src={values.profileImageUrl || null} className="h-28 w-28 ring-4 ring-white shadow-md" />
        <p className="mt-4 text-lg font-bold text-stone-900">{displayName}</p>
        <p className="text-sm text-stone-500">{user.email}</p>
        <ProfilePhotoButton id={`${id}-photo`} className="mt-5" onPhoto={(url) => setValue('profileImageUrl', url)}>
          Change photo
        </ProfilePhotoButton>
        <p className="mt-2 text-xs text-stone-500">JPG, PNG or WebP, under 5MB.</p>
      </section>

      <form
        ref={form.formRef}
        onSubmit={submit}
        className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        noValidate
      >
        <h2 className="text-lg font-bold text-stone-900">Personal information</h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <InputField
            {...fieldProps('firstName')}
            label="First Name"
            autoComplete="given-name"
            value={values.firstName}
            onValue={(value) => setValue('firstName', value)}
          />
          <InputField
            {...fieldProps('lastName')}
            label="Last Name"
            autoComplete="family-name"
            value={values.lastName}
            onValue={(value) => setValue('lastName', value)}
          />
          <InputField
            id={`${id}-email`}
            className="sm:col-span-2"
            label="Email"
            hint="Email address cannot be changed"
            type="email"
            value={user.email}
            disabled
            onValue={() => undefined}
          />
          <InputField
            {...fieldProps('instagramUrl')}
            className="sm:col-span-2"
            label="Instagram Profile"
            optional
            type="url"
            inputMode="url"
            placeholder="https://instagram.com/yourname"
            value={values.instagramUrl}
            onValue={(value) => setValue('instagramUrl', value)}
          />
        </div>
        <div className="mt-8 flex justify-end border-t border-stone-100 pt-6">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>

      <section className="rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm lg:col-start-1 lg:row-start-2">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-xs">
            <LayoutDashboard className="h-5 w-5" aria-hidden />
          </span>
          <h2 className="font-bold text-stone-900">Hunter Dashboard</h2>
        </div>
        <p className="mt-3 text-sm leading-6 text-stone-600">
          Manage your hunter profile, bookings, messages and availability.
        </p>
        <Link to={paths.hunterDashboard.getHref()} className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
          Open Dashboard
        </Link>
      </section>
    </div>
  );
}
