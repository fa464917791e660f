import {
  CURRENCIES,
  CURRENCY_FACTS,
  currencySymbol,
  DEFAULT_SESSION_TYPES,
  PRICE_LIMITS,
  type Currency,
  HUNTER_AVAILABILITY_STATUSES,
  HUNTER_LANGUAGES,
  HUNTER_LIMITS,
  HUNTER_SERVICES,
  HUNTER_SPECIALTIES,
  SESSION_TYPE_LABELS,
  SESSION_TYPES,
  type HunterInput,
  type SessionTypeKey,
} from '@hunted/contracts';
import { CircleHelp, Languages, MapPin, Mic, Sparkles, Trash2, UserRound, Video, Wallet, Wand2 } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { AgreeToTerms } from '@/components/legal/agree-to-terms';
import { CountryField, InputField, SelectField, SubmitButton, TextareaField } from '@/components/form/fields';
import { useFormState } from '@/components/form/use-form-state';
import { ProfilePhotoButton } from '@/components/profile-photo-button';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChoiceChip } from '@/components/ui/choice-chip';
import { FieldError, FormErrorSummary } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { timeZoneChoices, timeZoneLabel } from '@/lib/time-zone';
import {
  formCurrencyOf,
  HUNTER_FORM_FIELDS,
  hunterInputOf,
  sessionNumberField,
  toggledLanguages,
  validateHunterForm,
  type HunterFormField,
  type HunterFormMode,
  type HunterFormValues,
  type SessionTypeFormValues,
} from '../lib/hunter-form-values';
import type { ZoneMoveBooking } from '../lib/zone-move';
import { HunterPhoto } from './hunter-photo';
import { ZoneMoveNotice } from './zone-move-notice';

const SESSION_TYPE_ICONS: Record<SessionTypeKey, ReactNode> = {
  whatsappVoice: <Mic />,
  whatsappVideo: <Video />,
  inPerson: <MapPin />,
  askQuestion: <CircleHelp />,
};

const SESSION_TYPE_HINTS: Record<SessionTypeKey, string> = {
  whatsappVoice: 'Voice notes with your advice, sent over WhatsApp.',
  whatsappVideo: 'A live video call to style together.',
  inPerson: 'Meet in person: shopping, a wardrobe audit, an event.',
  askQuestion: 'One question, one considered written answer.',
};

export interface HunterProfileFormProps {
  /** 'create' for /create-hunter-profile; 'edit' for the dashboard's Settings (it also sets the availability status). */
  mode: HunterFormMode;
  initialValues: HunterFormValues;
  pending: boolean;
  /** Sends the profile; resolves to the server's per-field messages when it refused the input. */
  onSubmit: (input: HunterInput) => Promise<Record<string, string> | null | undefined>;
  /**
   * Edit only: the hunter's bookings, once the dashboard has them all, so that picking another zone says which
   * sessions ahead will show at new local times.
   */
  bookings?: readonly ZoneMoveBooking[] | undefined;
}

/** The hunter profile form of /create-hunter-profile and of the dashboard's Settings tab. */
export function HunterProfileForm({ mode, initialValues, pending, onSubmit, bookings }: HunterProfileFormProps) {
  const form = useFormState<HunterFormValues, HunterFormField>({ initialValues, fields: HUNTER_FORM_FIELDS });
  const { values, errors, otherErrors, clearErrors, fieldId, fieldProps } = form;
  // Some four hundred zones: listed once per form, not on every keystroke.
  const zones = useMemo(() => timeZoneChoices(initialValues.timeZone), [initialValues.timeZone]);
  // The currency the prices are in: the one chosen, else the location's own (what the server would take).
  const currency = formCurrencyOf(values);

  function set<K extends keyof HunterFormValues>(field: K, value: HunterFormValues[K]) {
    form.setValue(field, value);
    clearErrors(field as HunterFormField);
  }

  function setSessionType(key: SessionTypeKey, change: Partial<SessionTypeFormValues>) {
    form.setValues((previous) => ({
      ...previous,
      sessionTypes: { ...previous.sessionTypes, [key]: { ...previous.sessionTypes[key], ...change } },
    }));
    const touched = Object.keys(change).flatMap((part) =>
      part === 'enabled' ? ['sessionTypes' as const] : [sessionNumberField(key, part as 'price' | 'duration')],
    );
    // Turning a type off also drops the messages of the inputs it hides.
    if (change.enabled === false) touched.push(sessionNumberField(key, 'price'), sessionNumberField(key, 'duration'));
    clearErrors(...touched);
  }

  const submit = form.handleSubmit({
    validate: (sent) => validateHunterForm(sent, mode),
    send: (sent) => onSubmit(hunterInputOf(sent, mode)),
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-6">
      <FormErrorSummary count={Object.keys(errors).length + otherErrors.length}>
        {otherErrors.length > 0 ? (
          <ul className="mt-1 list-disc pl-5 font-normal">
            {otherErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </FormErrorSummary>

      <FormSection icon={<UserRound />} title="Basic Information" description="What clients see first on your card.">
        <div data-field="profileImageUrl" className="flex flex-col items-center gap-4 sm:flex-row sm:gap-5">
          <HunterPhoto
            name={values.name.trim() || 'Hunter'}
            src={values.profileImageUrl}
            className="h-24 w-24 shrink-0 rounded-full ring-4 ring-white shadow-md"
          />
          <div className="flex flex-col items-center gap-2 sm:items-start">
            <div className="flex flex-wrap justify-center gap-2">
              <ProfilePhotoButton
                id={fieldId('profileImageUrl')}
                inputLabel="Profile photo"
                invalid={Boolean(errors.profileImageUrl)}
                describedBy={errors.profileImageUrl ? `${fieldId('profileImageUrl')}-error` : undefined}
                onPhoto={(dataUrl) => set('profileImageUrl', dataUrl)}
              >
                {values.profileImageUrl ? 'Change photo' : 'Upload photo'}
              </ProfilePhotoButton>
              {values.profileImageUrl ? (
                <Button variant="ghost" size="sm" onClick={() => set('profileImageUrl', null)}>
                  <Trash2 className="h-4 w-4" aria-hidden /> Remove
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-stone-500">A clear photo of you. JPG, PNG or WebP, under 5MB.</p>
            {errors.profileImageUrl ? (
              <FieldError id={`${fieldId('profileImageUrl')}-error`} className="mt-0">
                {errors.profileImageUrl}
              </FieldError>
            ) : null}
          </div>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            {...fieldProps('name')}
            label="Full Name"
            autoComplete="name"
            value={values.name}
            maxLength={HUNTER_LIMITS.name}
            placeholder="e.g. Sofia Marchetti"
            onValue={(value) => set('name', value)}
          />
          <CountryField
            {...fieldProps('location')}
            value={values.location}
            onValue={(value) => set('location', value)}
          />
          <div>
            <SelectField
              {...fieldProps('timeZone')}
              label="Time Zone"
              hint="Your weekly hours and dates are on this clock."
              options={zones}
              optionLabel={timeZoneLabel}
              value={values.timeZone}
              onValue={(value) => set('timeZone', value)}
            />
            {mode === 'edit' && bookings ? (
              <ZoneMoveNotice bookings={bookings} from={initialValues.timeZone} to={values.timeZone} />
            ) : null}
          </div>
          <SelectField
            {...fieldProps('currency')}
            label="Currency"
            hint="What clients pay you in. It can change only while nothing is booked."
            options={CURRENCIES}
            optionLabel={(code) => CURRENCY_FACTS[code as Currency].label}
            value={currency}
            onValue={(value) => set('currency', value)}
          />
          <InputField
            {...fieldProps('yearsExperience')}
            label="Years of Experience"
            hint="In styling, buying or a related field."
            type="number"
            inputMode="numeric"
            min={HUNTER_LIMITS.minYears}
            max={HUNTER_LIMITS.maxYears}
            step={1}
            placeholder="e.g. 5"
            value={values.yearsExperience}
            onValue={(value) => set('yearsExperience', value)}
          />
          {mode === 'edit' ? (
            <SelectField
              {...fieldProps('availabilityStatus')}
              label="Availability Status"
              hint="Clients cannot book you while you are Unavailable."
              options={HUNTER_AVAILABILITY_STATUSES}
              value={values.availabilityStatus}
              onValue={(value) => set('availabilityStatus', value as HunterFormValues['availabilityStatus'])}
            />
          ) : (
            <InstagramField
              {...fieldProps('instagramUrl')}
              value={values.instagramUrl}
              onValue={(value) => set('instagramUrl', value)}
            />
          )}
          <TextareaField
            {...fieldProps('bio')}
            label="Professional Bio"
            optional
            hint={`${values.bio.length.toLocaleString('en-GB')} / ${HUNTER_LIMITS.bio.toLocaleString('en-GB')} characters`}
            className="sm:col-span-2"
            rows={5}
            value={values.bio}
            maxLength={HUNTER_LIMITS.bio}
            placeholder="Your background, your eye, and how you like to work with clients…"
            onValue={(value) => set('bio', value)}
          />
          {mode === 'edit' ? (
            <InstagramField
              {...fieldProps('instagramUrl')}
              value={values.instagramUrl}
              onValue={(value) => set('instagramUrl', value)}
              className="sm:col-span-2"
            />
          ) : null}
        </div>
      </FormSection>

      {CHOICE_SECTIONS.map(({ field, icon, title, description, choices, toggle }) => (
        <FormSection key={field} icon={icon} title={title} description={description}>
          <ChoiceGroup
            field={field}
            legend={title}
            choices={choices}
            selected={values[field]}
            error={errors[field]}
            errorId={`${fieldId(field)}-error`}
            // A chosen chip that a click would not remove is locked: the last language (spec, section 5).
            isLocked={(choice) => values[field].includes(choice) && toggle(values[field], choice).includes(choice)}
            onToggle={(choice) => set(field, toggle(values[field], choice))}
          />
        </FormSection>
      ))}

      <FormSection
        icon={<Wallet />}
        title="Session Types & Pricing"
        description={`Switch on the sessions you offer. Prices are whole amounts in ${currency}; 0 makes a session free.`}
      >
        <div data-field="sessionTypes" className="grid gap-3 lg:grid-cols-2">
          {SESSION_TYPES.map((key) => (
            <SessionTypeCard
              key={key}
              sessionType={key}
              values={values.sessionTypes[key]}
              currency={currency}
              priceId={fieldId(sessionNumberField(key, 'price'))}
              durationId={fieldId(sessionNumberField(key, 'duration'))}
              priceError={errors[sessionNumberField(key, 'price')]}
              durationError={errors[sessionNumberField(key, 'duration')]}
              onChange={(change) => setSessionType(key, change)}
            />
          ))}
        </div>
        {errors.sessionTypes ? <FieldError>{errors.sessionTypes}</FieldError> : null}
      </FormSection>

      <div className="flex flex-col gap-3 rounded-3xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div className="space-y-1">
          <p className="text-sm text-stone-500">
            {mode === 'create'
              ? 'Our concierge team reviews new profiles within 72 hours.'
              : 'Changes show on your public card as soon as they are saved.'}
          </p>
          {mode === 'create' ? <AgreeToTerms action="By creating a profile" document="hunterTerms" /> : null}
        </div>
        <SubmitButton
          pending={pending}
          label="Save Changes"
          pendingLabel="Saving..."
          className="w-full sm:w-auto sm:min-w-44"
        />
      </div>
    </form>
  );
}

const toggled = (list: readonly string[], choice: string) =>
  list.includes(choice) ? list.filter((chosen) => chosen !== choice) : [...list, choice];

/** The three lists a hunter picks from, each a section of chips. */
const CHOICE_SECTIONS: readonly {
  field: 'specialties' | 'adviceTypes' | 'languages';
  icon: ReactNode;
  title: string;
  description: string;
  choices: readonly string[];
  toggle: (list: readonly string[], choice: string) => string[];
}[] = [
  {
    field: 'specialties',
    icon: <Sparkles />,
    title: 'Specialties',
    description: 'What you know best. Choose at least one.',
    choices: HUNTER_SPECIALTIES,
    toggle: toggled,
  },
  {
    field: 'adviceTypes',
    icon: <Wand2 />,
    title: 'Services Offered',
    description: 'How you help clients. Choose at least one.',
    choices: HUNTER_SERVICES,
    toggle: toggled,
  },
  {
    field: 'languages',
    icon: <Languages />,
    title: 'Languages Spoken',
    description: 'The languages you can hold a session in. At least one stays selected.',
    choices: HUNTER_LANGUAGES,
    toggle: toggledLanguages,
  },
];

function FormSection({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
          {icon}
        </span>
        <div>
          <h2 className="text-lg font-bold text-stone-900">{title}</h2>
          <p className="mt-0.5 text-sm text-stone-500">{description}</p>
        </div>
      </div>
      <div className="mt-6 space-y-5">{children}</div>
    </section>
  );
}

function InstagramField(props: {
  id: string;
  value: string;
  error?: string | undefined;
  onValue: (value: string) => void;
  className?: string;
}) {
  return (
    <InputField
      {...props}
      label="Instagram Profile"
      optional
      type="url"
      inputMode="url"
      maxLength={HUNTER_LIMITS.url}
      placeholder="https://instagram.com/yourname"
    />
  );
}

/** Chips that toggle: each one a pressed or unpressed button, the group named by its legend. */
function ChoiceGroup({
  field,
  legend,
  choices,
  selected,
  error,
  errorId,
  isLocked,
  onToggle,
}: {
  field: HunterFormField;
  legend: string;
  choices: readonly string[];
  selected: readonly string[];
  error?: string;
  errorId: string;
  isLocked?: (choice: string) => boolean;
  onToggle: (choice: string) => void;
}) {
  return (
    <fieldset data-field={field} aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="sr-only">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const pressed = selected.includes(choice);
          const locked = isLocked?.(choice) ?? false;
          return (
            <ChoiceChip
              key={choice}
              pressed={pressed}
              disabled={locked}
              title={locked ? 'Keep at least one: add another before removing this one.' : undefined}
              onClick={() => onToggle(choice)}
              className={cn(error && !pressed && 'border-red-200')}
            >
              {choice}
            </ChoiceChip>
          );
        })}
      </div>
      <p className="mt-3 text-xs text-stone-500" aria-live="polite">
        {selected.length === 0 ? 'None selected' : `${selected.length} selected`}
      </p>
      {error ? (
        <FieldError id={errorId} className="mt-1">
          {error}
        </FieldError>
      ) : null}
    </fieldset>
  );
}

/** One session type: a switch, and its price and duration while it is switched on (spec, section 5). */
function SessionTypeCard({
  sessionType,
  values,
  currency,
  priceId,
  durationId,
  priceError,
  durationError,
  onChange,
}: {
  sessionType: SessionTypeKey;
  values: SessionTypeFormValues;
  currency: Currency;
  priceId: string;
  durationId: string;
  priceError?: string;
  durationError?: string;
  onChange: (change: Partial<SessionTypeFormValues>) => void;
}) {
  const label = SESSION_TYPE_LABELS[sessionType];
  const forType = <span className="sr-only"> for {label}</span>;
  const symbol = currencySymbol(currency);
  return (
    <div
      className={cn(
        'rounded-2xl border p-4 transition-colors',
        values.enabled ? 'border-stone-300 bg-white shadow-xs' : 'border-stone-200 bg-stone-50',
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex h-9 w-9 shrink-0 items-center justify-center rounded-xl [&_svg]:h-4.5 [&_svg]:w-4.5',
            values.enabled ? 'bg-brand-50 text-brand-600' : 'bg-white text-stone-400 ring-1 ring-stone-200',
          )}
        >
          {SESSION_TYPE_ICONS[sessionType]}
        </span>
        <div className="min-w-0 flex-1">
          <p className={cn('font-semibold', values.enabled ? 'text-stone-900' : 'text-stone-600')}>{label}</p>
          <p className="text-xs leading-5 text-stone-500">{SESSION_TYPE_HINTS[sessionType]}</p>
        </div>
        <Switch
          tone="brand"
          aria-label={label}
          checked={values.enabled}
          onCheckedChange={(enabled) => onChange({ enabled })}
        />
      </div>
      {values.enabled ? (
        <div className="mt-4 grid grid-cols-2 gap-3">
          <InputField
            id={priceId}
            label={<>Price ({symbol}){forType}</>}
            error={priceError}
            adornment={
              <span
                className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-stone-500"
                aria-hidden
              >
                {symbol}
              </span>
            }
            type="number"
            inputMode="numeric"
            min={0}
            max={PRICE_LIMITS[currency].max}
            step={1}
            inputClassName={symbol.length > 1 ? 'pl-14' : 'pl-8'}
            placeholder={String(DEFAULT_SESSION_TYPES[sessionType].price)}
            value={values.price}
            onValue={(price) => onChange({ price })}
          />
          <InputField
            id={durationId}
            label={<>Duration (min){forType}</>}
            error={durationError}
            type="number"
            inputMode="numeric"
            min={HUNTER_LIMITS.minDuration}
            max={HUNTER_LIMITS.maxDuration}
            step={5}
            placeholder={String(DEFAULT_SESSION_TYPES[sessionType].duration)}
            value={values.duration}
            onValue={(duration) => onChange({ duration })}
          />
        </div>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-stone-300 px-3.5 py-3 text-sm text-stone-500">
          Not offered. Switch it on to set a price and duration.
        </p>
      )}
    </div>
  );
}
