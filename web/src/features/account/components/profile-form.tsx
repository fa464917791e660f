import { updateCurrentUserSchema } from '@hunted/contracts';
import { LayoutDashboard } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { schemaFieldErrors } from '@/components/form/schema-errors';
import { ProfilePhotoButton } from '@/components/profile-photo-button';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { focusFirstError } from '@/lib/focus-first-error';
import { useUpdateUser, type UpdateUserInput } from '../api/update-user';

/** Long enough to read the confirmation before the page reloads with the saved profile. */
const RELOAD_AFTER_SAVE_MS = 1000;

/** The fields the service's schema may refuse, in the order the form shows them, with their inputs' id suffixes. */
const PROFILE_FIELDS = ['firstName', 'lastName', 'instagramUrl'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
const INPUT_OF: Record<ProfileField, string> = { firstName: 'first-name', lastName: 'last-name', instagramUrl: 'instagram' };

export function ProfileForm({ user }: { user: User }) {
  const id = useId();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [instagramUrl, setInstagramUrl] = useState(user.instagramUrl ?? '');
  const [profileImageUrl, setProfileImageUrl] = useState(user.profileImageUrl ?? '');
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = (field: ProfileField) => `${id}-${INPUT_OF[field]}`;
  /** How an input names its message (aria-invalid, aria-describedby), and the message itself. */
  const errorProps = (field: ProfileField) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `${inputId(field)}-error` : undefined,
  });
  const errorOf = (field: ProfileField) =>
    errors[field] ? <FieldError id={`${inputId(field)}-error`}>{errors[field]}</FieldError> : null;

  const update = useUpdateUser({
    onSuccess: () => {
      toast({ title: 'Profile Updated', description: 'Your profile has been updated successfully.' });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_SAVE_MS);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, 400) ?? 'Failed to update profile. Please try again.',
      });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: UpdateUserInput = {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      instagramUrl: instagramUrl.trim() || null,
    };
    if (profileImageUrl !== (user.profileImageUrl ?? '')) input.profileImageUrl = profileImageUrl;
    // The service's rules, checked with its schema before anything is sent.
    const found = schemaFieldErrors(updateCurrentUserSchema, input, PROFILE_FIELDS);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(formRef.current, PROFILE_FIELDS, found, inputId);
      return;
    }
    update.mutate(input);
  }

  /** The first or the last name: a labelled input with its message. */
  const nameField = (
    field: 'firstName' | 'lastName',
    label: string,
    autoComplete: string,
    value: string,
    setValue: (value: string) => void,
  ) => (
    <div>
      <Label htmlFor={inputId(field)}>{label}</Label>
      <Input
        id={inputId(field)}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        {...errorProps(field)}
      />
      {errorOf(field)}
    </div>
  );

  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'User';

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr] lg:grid-rows-[auto_1fr] lg:items-start">
      <section className="flex flex-col items-center rounded-3xl border border-stone-200 bg-white p-6 text-center shadow-sm">
        <Avatar src={profileImageUrl || null} className="h-28 w-28 ring-4 ring-white shadow-md" />
        <p className="mt-4 text-lg font-bold text-stone-900">{displayName}</p>
        <p className="text-sm text-stone-500">{user.email}</p>
        <ProfilePhotoButton id={`${id}-photo`} className="mt-5" onPhoto={setProfileImageUrl}>
          Change photo
        </ProfilePhotoButton>
        <p className="mt-2 text-xs text-stone-500">JPG, PNG or WebP, under 5MB.</p>
      </section>

      <form
        ref={formRef}
        onSubmit={onSubmit}
        className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        noValidate
      >
        <h2 className="text-lg font-bold text-stone-900">Personal information</h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {nameField('firstName', 'First Name', 'given-name', firstName, setFirstName)}
          {nameField('lastName', 'Last Name', 'family-name', lastName, setLastName)}
          <div className="sm:col-span-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input id={`${id}-email`} type="email" value={user.email} disabled aria-describedby={`${id}-email-help`} />
            <p id={`${id}-email-help`} className="mt-1.5 text-xs text-stone-500">
              Email address cannot be changed
            </p>
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={`${id}-instagram`}>
              Instagram Profile <span className="font-normal text-stone-500">(optional)</span>
            </Label>
            <Input
              id={`${id}-instagram`}
              type="url"
              inputMode="url"
              placeholder="https://instagram.com/yourname"
              value={instagramUrl}
              onChange={(event) => setInstagramUrl(event.target.value)}
              {...errorProps('instagramUrl')}
            />
            {errorOf('instagramUrl')}
          </div>
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
