import { JOINING_LIMITS, SESSION_TYPE_LABELS, type JoiningDetails, type SessionTypes } from '@hunted/contracts';
import { CircleHelp, MapPin, MessageSquare, Mic, Phone, Video } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { InputField, SubmitButton, TextareaField } from '@/components/form/fields';
import { failureToast, fieldErrorsOfSubmission, successToast } from '@/components/form/submit';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { FormErrorSummary } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useJoiningDetails, useSaveJoiningDetails } from '../api/joining-details';
import {
  JOINING_FIELDS,
  compactPhone,
  joiningDetailsOf,
  joiningFormValuesOf,
  JOINING_DETAILS_ANCHOR,
  validateJoiningForm,
} from '../lib/joining-details';

/**
 * 'How clients join' on the Settings tab: per offered session type, what the booked client receives after paying
 * (a WhatsApp number, a meeting place). Private: bookings releases it only to that client.
 */
export function JoiningDetailsSection({ sessionTypes }: { sessionTypes: SessionTypes }) {
  const details = useJoiningDetails();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // The dashboard's hint links here; the router does not scroll to an anchor by itself.
  useEffect(() => {
    if (hash === `#${JOINING_DETAILS_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <section
      ref={section}
      id={JOINING_DETAILS_ANCHOR}
      aria-labelledby={`${JOINING_DETAILS_ANCHOR}-title`}
      className="scroll-mt-24 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
          <Phone aria-hidden />
        </span>
        <div>
          <h2 id={`${JOINING_DETAILS_ANCHOR}-title`} className="text-lg font-bold text-stone-900">
            How clients join
          </h2>
          <p className="mt-0.5 text-sm text-stone-500">
            Shared only with a client who has booked and paid for that session type, from confirmation until a day after
            the session. Never shown on your public profile.
          </p>
        </div>
      </div>
      <div className="mt-6">
        {details.isPending ? (
          <Spinner label="Loading your joining details..." />
        ) : details.isError ? (
          <div role="alert" className="rounded-2xl bg-red-50 px-4 py-4 text-sm text-red-700">
            Your joining details could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void details.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <JoiningDetailsForm sessionTypes={sessionTypes} details={details.data} />
        )}
      </div>
    </section>
  );
}

export function JoiningDetailsForm({ sessionTypes, details }: { sessionTypes: SessionTypes; details: JoiningDetails }) {
  const form = useFormState({ initialValues: () => joiningFormValuesOf(details), fields: JOINING_FIELDS });
  const save = useSaveJoiningDetails({
    onSuccess: () => successToast('Joining details saved', 'Booked clients will see them with their booking.'),
    onError: failureToast('Save failed', 'Your joining details could not be saved. Please try again.'),
  });
  const { values, setValue, clearErrors, fieldProps } = form;
  const change = (field: (typeof JOINING_FIELDS)[number]) => (value: string) => {
    setValue(field, value);
    clearErrors(field);
  };
  const phoneField = (
    field: 'whatsappVoice.phone' | 'whatsappVideo.phone',
    type: 'whatsappVoice' | 'whatsappVideo',
  ) => (
    <InputField
      {...fieldProps(field)}
      label={`WhatsApp number for ${SESSION_TYPE_LABELS[type]}`}
      hint="International format with the country code, e.g. +447700900123"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+447700900123"
      value={values[field]}
      onValue={change(field)}
      onBlur={() => setValue(field, compactPhone(values[field]))}
    />
  );
  const offered = (Object.keys(sessionTypes) as (keyof SessionTypes)[]).filter((type) => sessionTypes[type].enabled);
  if (offered.length === 0) {
    return (
      <p className="text-sm text-stone-600">Turn on a session type in your profile below to set how clients join it.</p>
    );
  }
  const bothWhatsapp = sessionTypes.whatsappVoice.enabled && sessionTypes.whatsappVideo.enabled;

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label="How clients join"
      className="space-y-4"
      onSubmit={form.handleSubmit({
        validate: validateJoiningForm,
        send: (current) => fieldErrorsOfSubmission(save.mutateAsync(joiningDetailsOf(current))),
      })}
    >
      <FormErrorSummary count={Object.keys(form.errors).length + form.otherErrors.length}>
        {form.otherErrors.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </FormErrorSummary>
      {sessionTypes.whatsappVoice.enabled ? (
        <JoiningCard icon={<Mic aria-hidden />} title={SESSION_TYPE_LABELS.whatsappVoice}>
          {phoneField('whatsappVoice.phone', 'whatsappVoice')}
        </JoiningCard>
      ) : null}
      {sessionTypes.whatsappVideo.enabled ? (
        <JoiningCard
          icon={<Video aria-hidden />}
          title={SESSION_TYPE_LABELS.whatsappVideo}
          action={
            bothWhatsapp ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={!values['whatsappVoice.phone'].trim()}
                onClick={() => change('whatsappVideo.phone')(compactPhone(values['whatsappVoice.phone']))}
              >
                Same as voice
              </Button>
            ) : null
          }
        >
          {phoneField('whatsappVideo.phone', 'whatsappVideo')}
        </JoiningCard>
      ) : null}
      {sessionTypes.inPerson.enabled ? (
        <JoiningCard icon={<MapPin aria-hidden />} title={SESSION_TYPE_LABELS.inPerson}>
          <div className="grid gap-4">
            <InputField
              {...fieldProps('inPerson.area')}
              label="Meeting area"
              hint="e.g. Mayfair, London"
              maxLength={JOINING_LIMITS.area}
              value={values['inPerson.area']}
              onValue={change('inPerson.area')}
            />
            <TextareaField
              {...fieldProps('inPerson.address')}
              label="Meeting address"
              hint="Where exactly to meet: a shop, a café, a hotel lobby"
              rows={3}
              maxLength={JOINING_LIMITS.address}
              value={values['inPerson.address']}
              onValue={change('inPerson.address')}
            />
          </div>
        </JoiningCard>
      ) : null}
      {sessionTypes.askQuestion.enabled ? (
        <JoiningCard icon={<CircleHelp aria-hidden />} title={SESSION_TYPE_LABELS.askQuestion}>
          <p className="flex items-start gap-2 text-sm text-stone-600">
            <MessageSquare className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
            Nothing to set: you answer the client&apos;s question in Messages, where it arrives with their photos.
          </p>
        </JoiningCard>
      ) : null}
      <div className="flex justify-end">
        <SubmitButton pending={save.isPending} label="Save joining details" pendingLabel="Saving..." size="md" />
      </div>
    </form>
  );
}

function JoiningCard({
  icon,
  title,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="relative rounded-2xl border border-stone-200 bg-stone-50/60 p-4 sm:p-5">
      <legend className="float-left mb-3 flex min-h-9 items-center gap-2 font-semibold text-stone-900 [&_svg]:h-4 [&_svg]:w-4 [&_svg]:text-brand-600">
        {icon} {title}
      </legend>
      {action ? <div className="absolute top-3 right-3 sm:top-4 sm:right-4">{action}</div> : null}
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}
