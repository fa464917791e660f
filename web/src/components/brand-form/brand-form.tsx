import {
  BRAND_CATEGORIES,
  BRAND_LIMITS,
  BRAND_VALUE_TAGS,
  DELIVERY_SCOPES,
  isSiteImagePath,
  PRICE_CATEGORIES,
  PRICE_CATEGORY_LABELS,
  type AdminBrandInput,
  type PriceCategory,
} from '@hunted/contracts';
import { Camera, Check, Globe, ImageOff, ImagePlus, Loader2, Music2, Star, Store } from 'lucide-react';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { CountryField, InputField, SelectField, SubmitButton, TextareaField } from '@/components/form/fields';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChoiceChip } from '@/components/ui/choice-chip';
import { FieldError, FormErrorSummary } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { serverMessageOf } from '@/lib/field-errors';
import { readProfileImage } from '@/lib/read-profile-image';
import {
  BRAND_FORM_FIELDS,
  LINK_FIELDS,
  brandInputOf,
  emptyBrandFormValues,
  validateBrandForm,
  type BrandFormField,
  type BrandFormValues,
} from './brand-form-values';
import { HashtagInput } from './hashtag-input';
import { uploadBrandImage } from './upload-brand-image';

/** What a price level means, shown beside each choice. */
const PRICE_HINTS: Record<PriceCategory, string> = {
  '£': 'Everyday prices',
  '££': 'Mid-range',
  '£££': 'Premium',
  '££££': 'Investment pieces',
};

export interface BrandFormProps {
  initialValues?: BrandFormValues;
  /** The admin form also sets whether (and for which day) the brand is featured. */
  withFeaturing?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the brand; resolves to the server's per-field messages when it refused the input. */
  onSubmit: (input: AdminBrandInput) => Promise<Record<string, string> | null | undefined>;
  onCancel?: () => void;
}

/** The brand form of /submit and of the admin console's Create and Edit dialogs. */
export function BrandForm({
  initialValues,
  withFeaturing = false,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
}: BrandFormProps) {
  const id = useId();
  const form = useFormState<BrandFormValues, BrandFormField>({
    initialValues: () => initialValues ?? emptyBrandFormValues(),
    fields: BRAND_FORM_FIELDS,
  });
  const { values, errors, fieldId, fieldProps } = form;

  function set<K extends BrandFormField>(field: K, value: BrandFormValues[K]) {
    form.setValue(field, value);
    // The link rule spans four fields and shows on the first, so any link clears it.
    const isLink = (LINK_FIELDS as readonly string[]).includes(field);
    form.clearErrors(field, ...(isLink ? (['instagramUrl'] as const) : []));
  }

  const submit = form.handleSubmit({
    validate: (checked) => validateBrandForm(checked, withFeaturing),
    send: (sent) => onSubmit(brandInputOf(sent, withFeaturing)),
  });

  /** One of the form's choices from a fixed list (category, delivery). */
  const choiceField = (field: 'category' | 'delivery', label: string, placeholder: string, options: readonly string[]) => (
    <SelectField
      {...fieldProps(field)}
      label={label}
      placeholder={placeholder}
      options={options}
      value={values[field]}
      onValue={(value) => set(field, value)}
    />
  );

  const extraTags = values.tags.filter((tag) => !(BRAND_VALUE_TAGS as readonly string[]).includes(tag));
  const tagChoices = [...BRAND_VALUE_TAGS, ...extraTags];
  // Only a picture the site serves is shown: a link elsewhere is fetched (once, by the site) when the brand is saved,
  // and the site's CSP would not let the browser load it anyway.
  const imagePreview = isSiteImagePath(values.imageUrl.trim()) ? values.imageUrl.trim() : null;
  const [uploadingImage, setUploadingImage] = useState(false);
  const [imageUploadError, setImageUploadError] = useState<string | null>(null);

  const onImageFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImageUploadError(null);
    form.clearErrors('imageUrl');
    const read = await readProfileImage(file);
    if (!read.ok) {
      setImageUploadError(read.description);
      return;
    }
    setUploadingImage(true);
    try {
      const stored = await uploadBrandImage(read.dataUrl);
      set('imageUrl', stored.imageUrl);
    } catch (error) {
      setImageUploadError(serverMessageOf(error) ?? 'The image could not be uploaded. Please try again.');
    } finally {
      setUploadingImage(false);
    }
  };

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-10">
      <FormErrorSummary count={Object.keys(errors).length} />

      <Section title="About the brand">
        <InputField
          {...fieldProps('name')}
          label="Brand Name"
          value={values.name}
          maxLength={BRAND_LIMITS.name}
          placeholder="e.g. Maison Rose"
          onValue={(value) => set('name', value)}
        />
        <TextareaField
          {...fieldProps('description')}
          label="Description"
          hint="What do they make, and what makes them special?"
          rows={4}
          value={values.description}
          maxLength={BRAND_LIMITS.description}
          placeholder="Small-batch linen dresses, cut and sewn in a Brighton studio…"
          onValue={(value) => set('description', value)}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          {choiceField('category', 'Category', 'Select a category', BRAND_CATEGORIES)}
          <CountryField
            {...fieldProps('location')}
            value={values.location}
            onValue={(value) => set('location', value)}
          />
          {choiceField('delivery', 'Delivery', 'Select delivery', DELIVERY_SCOPES)}
        </div>

        <fieldset data-field="priceCategory">
          <legend className="mb-1.5 block text-sm font-medium text-stone-800">Price Range</legend>
          <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
            {PRICE_CATEGORIES.map((price) => {
              const checked = values.priceCategory === price;
              return (
                <label
                  key={price}
                  className={cn(
                    'relative flex cursor-pointer flex-col rounded-2xl border bg-white px-4 py-3 transition-colors',
                    'has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100',
                    checked
                      ? 'border-stone-900 bg-stone-50 ring-1 ring-stone-900'
                      : 'border-stone-200 hover:border-stone-300',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-price`}
                    value={price}
                    checked={checked}
                    onChange={() => set('priceCategory', price)}
                    className="sr-only"
                  />
                  <span className="text-lg font-bold tracking-wide text-stone-900">{price}</span>
                  <span className="text-sm font-semibold text-stone-800">{PRICE_CATEGORY_LABELS[price]}</span>
                  <span className="text-xs text-stone-500">{PRICE_HINTS[price]}</span>
                  {checked ? <Check className="absolute top-3 right-3 h-4 w-4 text-stone-900" aria-hidden /> : null}
                </label>
              );
            })}
          </div>
          {errors.priceCategory ? <FieldError>{errors.priceCategory}</FieldError> : null}
        </fieldset>
      </Section>

      <Section title="Image and links" description="At least one link is needed so people can find the brand.">
        <div className="grid grid-cols-[1fr_4.5rem] gap-4 sm:grid-cols-[1fr_5.5rem] sm:items-start">
          <div className="space-y-3">
            <InputField
              {...fieldProps('imageUrl')}
              error={fieldProps('imageUrl').error ?? imageUploadError ?? undefined}
              label="Image URL"
              hint="Upload a photo of the brand's products or shop, or paste a link to one: the site fetches it once and keeps its own copy."
              type="url"
              inputMode="url"
              value={values.imageUrl}
              placeholder="https://…/photo.jpg"
              onValue={(value) => {
                setImageUploadError(null);
                set('imageUrl', value);
              }}
            />
            <span className="relative inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3.5 py-2 text-sm font-semibold text-stone-800 shadow-sm focus-within:ring-4 focus-within:ring-brand-100 hover:bg-stone-50">
              {uploadingImage ? (
                <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden />
              ) : (
                <ImagePlus className="h-4 w-4" aria-hidden />
              )}
              <span aria-hidden>{uploadingImage ? 'Uploading…' : 'Upload image'}</span>
              <input
                type="file"
                aria-label="Upload a brand image (PNG, JPEG, GIF or WebP, under 5MB)"
                accept="image/png,image/jpeg,image/gif,image/webp"
                disabled={uploadingImage}
                onChange={(event) => void onImageFile(event)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
            </span>
          </div>
          <div
            aria-hidden
            className="mt-7 flex h-[4.5rem] w-[4.5rem] items-center justify-center overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 text-stone-400 sm:h-[5.5rem] sm:w-[5.5rem]"
          >
            {imagePreview ? (
              <img src={imagePreview} alt="" className="h-full w-full object-cover" />
            ) : (
              <ImageOff className="h-6 w-6" />
            )}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {LINK_INPUTS.map(({ field, label, icon, placeholder }) => (
            <InputField
              key={field}
              {...fieldProps(field)}
              label={label}
              adornment={<LinkIcon>{icon}</LinkIcon>}
              type="url"
              inputMode="url"
              value={values[field]}
              placeholder={placeholder}
              inputClassName="pl-10"
              onValue={(value) => set(field, value)}
            />
          ))}
        </div>
      </Section>

      <Section title="Values and hashtags" description="Optional, but they help people find the brand.">
        <fieldset data-field="tags">
          <legend className="mb-2 block text-sm font-medium text-stone-800">
            Brand Values <span className="font-normal text-stone-500">(optional)</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {tagChoices.map((tag) => {
              const selected = values.tags.includes(tag);
              return (
                <ChoiceChip
                  key={tag}
                  pressed={selected}
                  onClick={() => set('tags', selected ? values.tags.filter((t) => t !== tag) : [...values.tags, tag])}
                >
                  {tag}
                </ChoiceChip>
              );
            })}
          </div>
          {errors.tags ? <FieldError>{errors.tags}</FieldError> : null}
        </fieldset>
        <div>
          <Label htmlFor={fieldId('hashtags')}>
            Hashtags <span className="font-normal text-stone-500">(optional)</span>
          </Label>
          <HashtagInput
            id={fieldId('hashtags')}
            value={values.hashtags}
            onChange={(hashtags) => set('hashtags', hashtags)}
            invalid={Boolean(errors.hashtags)}
            describedBy={errors.hashtags ? `${fieldId('hashtags')}-error` : `${fieldId('hashtags')}-hint`}
          />
          {errors.hashtags ? (
            <FieldError id={`${fieldId('hashtags')}-error`}>{errors.hashtags}</FieldError>
          ) : (
            <p id={`${fieldId('hashtags')}-hint`} className="mt-1.5 text-xs text-stone-500">
              Press Enter, Space or comma after each one. We add the # for you.
            </p>
          )}
        </div>
      </Section>

      {withFeaturing ? (
        <Section title="Featuring">
          <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
            <label
              htmlFor={fieldId('featured')}
              className="flex h-11 cursor-pointer items-center gap-3 rounded-xl border border-stone-300 bg-white px-3.5 shadow-xs"
            >
              <input
                id={fieldId('featured')}
                type="checkbox"
                checked={values.featured}
                onChange={(event) => set('featured', event.target.checked)}
                className="h-4 w-4 accent-brand-600"
              />
              <Star className="h-4 w-4 text-amber-500" aria-hidden />
              <span className="text-sm font-medium text-stone-800">Featured brand</span>
            </label>
            <InputField
              {...fieldProps('featuredDate')}
              label="Featured Date"
              optional
              hint="The London day it is Featured Brand of the Day."
              type="date"
              value={values.featuredDate}
              onValue={(value) => set('featuredDate', value)}
            />
          </div>
        </Section>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-6 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton
          pending={pending || uploadingImage}
          label={submitLabel}
          pendingLabel={uploadingImage ? 'Uploading image…' : pendingLabel}
          className="sm:min-w-44"
        />
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="space-y-5">
      <div>
        <h2 className="text-base font-bold text-stone-900">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-stone-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** The four links, in the order the form shows them; at least one is needed. */
const LINK_INPUTS: readonly {
  field: 'instagramUrl' | 'etsyUrl' | 'websiteUrl' | 'tiktokUrl';
  label: string;
  icon: ReactNode;
  placeholder: string;
}[] = [
  { field: 'instagramUrl', label: 'Instagram', icon: <Camera />, placeholder: 'https://instagram.com/brand' },
  { field: 'etsyUrl', label: 'Etsy Shop', icon: <Store />, placeholder: 'https://etsy.com/shop/brand' },
  { field: 'websiteUrl', label: 'Website', icon: <Globe />, placeholder: 'https://brand.com' },
  { field: 'tiktokUrl', label: 'TikTok', icon: <Music2 />, placeholder: 'https://tiktok.com/@brand' },
];

function LinkIcon({ children }: { children: ReactNode }) {
  return (
    <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-stone-400 [&_svg]:h-4 [&_svg]:w-4">
      {children}
    </span>
  );
}
