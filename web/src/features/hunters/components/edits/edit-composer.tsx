import { HUNTER_EDIT_LIMITS, hunterEditInputSchema } from '@hunted/contracts';
import { ImagePlus, Loader2, Plus, Send, Trash2, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, type ChangeEvent } from 'react';
import { BrandPicker } from '@/components/brand-picker/brand-picker';
import { InputField, SubmitButton, TextareaField } from '@/components/form/fields';
import { schemaFieldErrors } from '@/components/form/schema-errors';
import { successToast } from '@/components/form/submit';
import { useFormState, type ServerFieldErrors } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { Field, FieldError, FormErrorSummary } from '@/components/ui/field';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { HttpError } from '@/lib/api-client';
import { readProfileImage } from '@/lib/read-profile-image';
import { handleUnauthorized } from '@/lib/unauthorized';
import { hunterKeys } from '../../api/query-keys';
import { useSendHunterEdit } from '../../api/send-hunter-edit';
import { useUploadEditPhoto } from '../../api/upload-edit-photo';
import {
  EDIT_ITEM_FIELDS,
  editFormFields,
  editInputOf,
  emptyEditItem,
  initialEditValues,
  itemField,
  type EditFormValues,
  type EditItemValues,
} from '../../lib/hunter-edits';

const L = HUNTER_EDIT_LIMITS;
/** Every field a composer can show (twelve items at most), in order: the first in error gets focus. */
const FIELDS = editFormFields(L.maxItems);

/**
 * The composer of a Hunter Edit, sent after a held session: a title, a short note and 3–12 items, each a directory
 * brand (picked by search), the item's name, an optional product link and photo, and one line on why. Checked with
 * the service's own schema before sending; the server's refusals show beside the fields they name. Loaded lazily:
 * only hunters ever open it.
 */
export function EditComposer({
  bookingId,
  clientName,
  onSent,
}: {
  bookingId: string;
  clientName: string;
  onSent: () => void;
}) {
  const form = useFormState<EditFormValues, string>({ initialValues: initialEditValues, fields: FIELDS });
  const { values, setValues, errors, otherErrors, clearErrors, fieldProps } = form;
  const send = useSendHunterEdit();
  const queryClient = useQueryClient();
  const upload = useUploadEditPhoto();
  const nextKey = useRef(L.minItems + 1);
  const uploading = values.items.some((item) => item.photoUploading);

  const updateItem = (key: number, change: Partial<EditItemValues>) =>
    setValues((previous) => ({
      ...previous,
      items: previous.items.map((item) => (item.key === key ? { ...item, ...change } : item)),
    }));

  const allItemFields = () =>
    values.items.flatMap((_, index) => EDIT_ITEM_FIELDS.map((field) => itemField(index, field)));

  const addItem = () => {
    if (values.items.length >= L.maxItems) return;
    const key = nextKey.current;
    nextKey.current += 1;
    setValues((previous) => ({ ...previous, items: [...previous.items, emptyEditItem(key)] }));
    clearErrors('items');
  };

  const removeItem = (key: number) => {
    // The messages name items by position, which a removal shifts: they are asked again on the next send.
    clearErrors(...allItemFields(), 'items');
    setValues((previous) => ({ ...previous, items: previous.items.filter((item) => item.key !== key) }));
  };

  const onPhoto = async (item: EditItemValues, index: number, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    clearErrors(itemField(index, 'photoUrl'));
    const read = await readProfileImage(file);
    if (!read.ok) {
      updateItem(item.key, { photoError: read.description });
      return;
    }
    updateItem(item.key, { photoPreview: read.dataUrl, photoUploading: true, photoError: null, photoUrl: null });
    try {
      const stored = await upload.mutateAsync(read.dataUrl);
      updateItem(item.key, { photoUrl: stored.url, photoUploading: false });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      updateItem(item.key, {
        photoPreview: null,
        photoUploading: false,
        photoError: serverMessageOf(error) ?? 'The photo could not be uploaded. Please try again.',
      });
    }
  };

  const sendEdit = async (formValues: EditFormValues): Promise<ServerFieldErrors> => {
    try {
      await send.mutateAsync(editInputOf(bookingId, formValues));
    } catch (error) {
      if (handleUnauthorized(error)) return null;
      const fields = fieldErrorsOf(error);
      if (fields) return fields;
      const sentence =
        error instanceof HttpError && (error.status === 404 || error.status === 409) ? serverMessageOf(error) : null;
      // Already sent (another tab, a double click): the row reads its edit again and says so.
      if (error instanceof HttpError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: hunterKeys.sentEdits() });
      }
      return { form: sentence ?? serverMessageOf(error) ?? 'Your edit could not be sent. Please try again.' };
    }
    successToast('Edit sent', `${clientName} will find it on My bookings and in their email.`);
    onSent();
    return null;
  };

  const onSubmit = form.handleSubmit({
    validate: (formValues) => schemaFieldErrors(hunterEditInputSchema, editInputOf(bookingId, formValues), FIELDS),
    send: sendEdit,
  });

  const shownErrors = Object.keys(errors).length;
  const count = values.items.length;

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      data-testid="hunter-edit-composer"
      aria-label={`Edit for ${clientName}`}
      className="space-y-6"
    >
      <FormErrorSummary count={shownErrors}>
        {otherErrors.map((message) => (
          <p key={message} className="mt-1 font-normal">
            {message}
          </p>
        ))}
      </FormErrorSummary>
      {shownErrors === 0 && otherErrors.length > 0 ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700"
        >
          {otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}

      <InputField
        {...fieldProps('title')}
        label="Title"
        value={values.title}
        maxLength={L.title}
        placeholder="e.g. Your autumn capsule, independently made"
        onValue={(title) => {
          setValues((previous) => ({ ...previous, title }));
          clearErrors('title');
        }}
      />
      <TextareaField
        {...fieldProps('note')}
        label="Note"
        optional
        value={values.note}
        maxLength={L.note}
        rows={3}
        className="[&_textarea]:min-h-20"
        hint={`${values.note.length}/${L.note} characters`}
        placeholder={`A few words for ${clientName} about these picks`}
        onValue={(note) => {
          setValues((previous) => ({ ...previous, note }));
          clearErrors('note');
        }}
      />

      <div>
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-base font-bold text-stone-900">Items</h3>
          <p className="text-sm text-stone-500 tabular-nums">
            {count} of {L.minItems}–{L.maxItems}
          </p>
        </div>
        <ol className="mt-3 space-y-4">
          {values.items.map((item, index) => (
            <EditItemRow
              key={item.key}
              item={item}
              index={index}
              canRemove={count > L.minItems}
              pickedElsewhere={values.items.flatMap((other) =>
                other.key !== item.key && other.brand ? [other.brand.id] : [],
              )}
              fieldProps={fieldProps}
              errors={errors}
              onChange={(change, cleared) => {
                updateItem(item.key, change);
                clearErrors(itemField(index, cleared));
              }}
              onPhoto={(event) => void onPhoto(item, index, event)}
              onRemove={() => removeItem(item.key)}
            />
          ))}
        </ol>
        <div data-field="items" className="mt-4">
          <Button variant="outline" size="sm" onClick={addItem} disabled={count >= L.maxItems}>
            <Plus className="h-4 w-4" aria-hidden /> Add item
          </Button>
          {errors.items ? <FieldError>{errors.items}</FieldError> : null}
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-stone-500">
          Private to you and {clientName}. You can ask to publish it on your public page afterwards.
        </p>
        <SubmitButton
          pending={send.isPending || uploading}
          label="Send edit"
          pendingLabel={uploading ? 'Uploading photo...' : 'Sending...'}
          icon={<Send className="h-4 w-4" aria-hidden />}
        />
      </div>
    </form>
  );
}

function EditItemRow({
  item,
  index,
  canRemove,
  pickedElsewhere,
  fieldProps,
  errors,
  onChange,
  onPhoto,
  onRemove,
}: {
  item: EditItemValues;
  index: number;
  canRemove: boolean;
  pickedElsewhere: number[];
  fieldProps: (field: string) => { id: string; error: string | undefined };
  errors: Partial<Record<string, string>>;
  onChange: (change: Partial<EditItemValues>, cleared: (typeof EDIT_ITEM_FIELDS)[number]) => void;
  onPhoto: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const brand = fieldProps(itemField(index, 'brandId'));
  const photo = fieldProps(itemField(index, 'photoUrl'));
  const photoError = item.photoError ?? errors[itemField(index, 'photoUrl')];
  return (
    <li className="relative rounded-2xl border border-stone-200 bg-stone-50/60 p-4 sm:p-5">
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">Item {n}</legend>
        <div className="absolute top-3 right-3">
          {canRemove ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-8 px-2.5 text-stone-500 hover:text-red-700"
              aria-label={`Remove item ${n}`}
              onClick={onRemove}
            >
              <Trash2 className="h-4 w-4" aria-hidden /> <span className="max-sm:sr-only">Remove</span>
            </Button>
          ) : null}
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Field id={brand.id} label="Brand" error={brand.error}>
            {(control) => (
              <BrandPicker
                {...control}
                value={item.brand}
                exclude={pickedElsewhere}
                onChange={(picked) => onChange({ brand: picked }, 'brandId')}
              />
            )}
          </Field>
          <InputField
            {...fieldProps(itemField(index, 'itemName'))}
            label="Item name"
            value={item.itemName}
            maxLength={HUNTER_EDIT_LIMITS.itemName}
            placeholder="e.g. Merino roll-neck"
            onValue={(itemName) => onChange({ itemName }, 'itemName')}
          />
          <InputField
            {...fieldProps(itemField(index, 'productUrl'))}
            label="Product link"
            optional
            type="url"
            inputMode="url"
            value={item.productUrl}
            maxLength={HUNTER_EDIT_LIMITS.productUrl}
            placeholder="https://"
            onValue={(productUrl) => onChange({ productUrl }, 'productUrl')}
          />
          <InputField
            {...fieldProps(itemField(index, 'why'))}
            label="Why"
            value={item.why}
            maxLength={HUNTER_EDIT_LIMITS.why}
            placeholder="One line on why it suits them"
            onValue={(why) => onChange({ why }, 'why')}
          />
          <div className="sm:col-span-2">
            <Field id={photo.id} label="Photo" optional error={photoError} hint="PNG, JPEG, GIF or WebP, under 5MB">
              {(control) => (
                <div className="flex flex-wrap items-center gap-3">
                  {item.photoPreview ? (
                    <div className="relative">
                      <img
                        src={item.photoPreview}
                        alt={`Photo of item ${n}`}
                        className="h-20 w-20 rounded-xl object-cover ring-1 ring-stone-200"
                      />
                      {item.photoUploading ? (
                        <span className="absolute inset-0 flex items-center justify-center rounded-xl bg-white/70">
                          <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-label="Uploading" />
                        </span>
                      ) : (
                        <button
                          type="button"
                          aria-label={`Remove the photo of item ${n}`}
                          onClick={() => onChange({ photoPreview: null, photoUrl: null, photoError: null }, 'photoUrl')}
                          className="absolute -top-2 -right-2 rounded-full bg-stone-900 p-1 text-white shadow hover:bg-stone-700"
                        >
                          <X className="h-3.5 w-3.5" aria-hidden />
                        </button>
                      )}
                    </div>
                  ) : null}
                  <span className="relative inline-flex cursor-pointer items-center gap-2 rounded-full border border-stone-300 bg-white px-3.5 py-2 text-sm font-semibold text-stone-800 shadow-sm focus-within:ring-4 focus-within:ring-brand-100 hover:bg-stone-50">
                    <ImagePlus className="h-4 w-4" aria-hidden />
                    <span aria-hidden>{item.photoPreview ? 'Replace photo' : 'Add photo'}</span>
                    <input
                      {...control}
                      type="file"
                      accept="image/png,image/jpeg,image/gif,image/webp"
                      disabled={item.photoUploading}
                      onChange={onPhoto}
                      className="absolute inset-0 cursor-pointer opacity-0"
                    />
                  </span>
                </div>
              )}
            </Field>
          </div>
        </div>
      </fieldset>
    </li>
  );
}
