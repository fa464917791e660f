import { HUNTER_EDIT_LIMITS, type BrandRef } from '@hunted/contracts';
import { Heart, X } from 'lucide-react';
import { BrandPicker } from '@/components/brand-picker/brand-picker';
import { failureToast, successToast } from '@/components/form/submit';
import { useFormState } from '@/components/form/use-form-state';
import { BrandImage } from '@/components/ui/brand-image';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { useMyGoToBrands, useSaveMyGoToBrands } from '../../api/go-to-brands';

const MAX = HUNTER_EDIT_LIMITS.goToBrands;

/**
 * 'Go-to brands' on the Settings tab: up to twelve directory brands the hunter knows well, shown on their public page
 * and counted among the brands they know (a brand's page lists them under 'Hunters who know this brand').
 */
export function GoToBrandsSection() {
  const brands = useMyGoToBrands();
  return (
    <section
      aria-labelledby="go-to-brands-title"
      className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 [&_svg]:h-5 [&_svg]:w-5">
          <Heart aria-hidden />
        </span>
        <div>
          <h2 id="go-to-brands-title" className="text-lg font-bold text-stone-900">
            Go-to brands
          </h2>
          <p className="mt-0.5 text-sm text-stone-500">
            Independent brands from the directory you know and recommend. They show on your public page, and clients
            looking at these brands can find you.
          </p>
        </div>
      </div>
      <div className="mt-6">
        {brands.isPending ? (
          <Spinner label="Loading your go-to brands..." />
        ) : brands.isError ? (
          <div role="alert" className="rounded-2xl bg-red-50 px-4 py-4 text-sm text-red-700">
            Your go-to brands could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void brands.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <GoToBrandsForm saved={brands.data} />
        )}
      </div>
    </section>
  );
}

const GO_TO_FIELDS = ['brandIds'] as const;

function GoToBrandsForm({ saved }: { saved: BrandRef[] }) {
  // No <form> and no handleSubmit: Enter in the picker with its list closed would send a form around it.
  const form = useFormState({ initialValues: { brandIds: saved }, fields: GO_TO_FIELDS });
  const picked = form.values.brandIds;
  const setPicked = (change: (current: BrandRef[]) => BrandRef[]) =>
    form.setValues((values) => ({ ...values, brandIds: change(values.brandIds) }));
  const error = form.errors.brandIds;
  const pickerId = form.fieldId('brandIds');
  const errorId = `${pickerId}-error`;
  const save = useSaveMyGoToBrands({
    onSuccess: () => successToast('Go-to brands saved', 'They show on your public page.'),
  });
  const changed = picked.map((brand) => brand.id).join(',') !== saved.map((brand) => brand.id).join(',');
  const full = picked.length >= MAX;

  const onSave = async () => {
    form.clearErrors('brandIds');
    try {
      const stored = await save.mutateAsync(picked.map((brand) => brand.id));
      setPicked(() => stored);
    } catch (failure) {
      // The service names the list or one of its places (brandIds.3): its first message shows under the picker.
      const fields = fieldErrorsOf(failure);
      const message = fields ? Object.values(fields)[0] : serverMessageOf(failure);
      form.showErrors(message ? { brandIds: message } : {});
      failureToast('Save failed', 'Your go-to brands could not be saved. Please try again.')(failure);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={pickerId} className="text-sm font-medium text-stone-800">
          Add a brand
        </label>
        <p className="text-sm text-stone-500 tabular-nums" aria-live="polite">
          {picked.length}/{MAX}
        </p>
      </div>
      <BrandPicker
        id={pickerId}
        value={null}
        clearOnPick
        disabled={full}
        placeholder={full ? `You have picked ${MAX} brands` : 'Search the directory'}
        exclude={picked.map((brand) => brand.id)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        onChange={(brand) => {
          if (brand && picked.length < MAX) setPicked((current) => [...current, brand]);
        }}
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {picked.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 px-4 py-5 text-center text-sm text-stone-500">
          No go-to brands yet. Search the directory to add the brands you know best.
        </p>
      ) : (
        <ul aria-label="Your go-to brands" className="flex flex-wrap gap-2">
          {picked.map((brand) => (
            <li
              key={brand.id}
              className="inline-flex items-center gap-2 rounded-full border border-stone-200 bg-white py-1 pr-1 pl-1 text-sm font-medium text-stone-800 shadow-xs"
            >
              <span aria-hidden>
                <BrandImage src={brand.imageUrl} name={brand.name} className="h-7 w-7 rounded-full text-[9px]" />
              </span>
              <span className="max-w-[12rem] truncate">{brand.name}</span>
              <button
                type="button"
                aria-label={`Remove ${brand.name}`}
                onClick={() => setPicked((current) => current.filter((other) => other.id !== brand.id))}
                className="rounded-full p-1 text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button disabled={!changed || save.isPending} onClick={() => void onSave()}>
          {save.isPending ? 'Saving...' : 'Save go-to brands'}
        </Button>
      </div>
    </div>
  );
}
