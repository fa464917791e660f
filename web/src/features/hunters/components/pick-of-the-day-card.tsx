import { HUNTER_PICK_LIMITS, type BrandRef, type MyHunterPickDay } from '@hunted/contracts';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandPicker } from '@/components/brand-picker/brand-picker';
import { TextareaField } from '@/components/form/fields';
import { schemaErrors } from '@/components/form/schema-errors';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { usePickToday } from '../api/hunter-pick';

/** The fields the service names, in the order the form shows them (the brand is sent as its id). */
const PICK_FIELDS = ['brandId', 'note'] as const;
type PickField = (typeof PICK_FIELDS)[number];
interface PickValues {
  brand: BrandRef | null;
  note: string;
}

/**
 * On the hunter's day of the Hunter's Pick rota: the form that picks one directory brand, with a two-line note, for
 * /today (any number of times that day: the last pick stands). Nothing shows on other days.
 */
export function PickOfTheDayCard({ day }: { day: MyHunterPickDay }) {
  const form = useFormState<PickValues, PickField>({
    initialValues: { brand: day.pick?.brand ?? null, note: day.pick?.note ?? '' },
    fields: PICK_FIELDS,
  });
  const { values, fieldProps } = form;
  const pickToday = usePickToday();
  if (!day.isMyDay) return null;

  const submit = form.handleSubmit({
    validate: async ({ brand, note }) => {
      // The service's rules, loaded when the pick is sent rather than with the dashboard (they bring zod, a sixth
      // of the dashboard's script on the hunter's day).
      const { hunterPickInputSchema } = await import('@hunted/contracts/schemas');
      return schemaErrors<PickField>(hunterPickInputSchema, { brandId: brand?.id, note });
    },
    send: async ({ brand, note }) => {
      // The schema refuses a pick without a brand, so there is one here.
      if (!brand) return null;
      try {
        await pickToday.mutateAsync({ brandId: brand.id, note });
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (fields) return fields;
        toast({
          variant: 'destructive',
          title: 'Could not save your pick',
          description: serverMessageOf(error) ?? 'Please try again in a moment.',
        });
        return null;
      }
      toast({ title: 'Your pick is on Today', description: `${brand.name} is today's Hunter's Pick.` });
      return null;
    },
  });

  return (
    <section
      aria-labelledby="pick-of-the-day-heading"
      data-testid="pick-of-the-day"
      className="mt-6 rounded-3xl border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="pick-of-the-day-heading" className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Sparkles className="h-5 w-5 text-amber-500" aria-hidden /> Today is your Hunter&apos;s Pick
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Pick one brand from the directory for{' '}
        <Link to={paths.today.getHref()} className="font-semibold text-amber-700 underline underline-offset-4 hover:no-underline">
          Today
        </Link>
        , with a note of up to two lines. It shows beside the crowd&apos;s #1 until midnight London time, when the site&apos;s day ends.
      </p>
      <form
        ref={form.formRef}
        onSubmit={submit}
        aria-label="Your Hunter's Pick"
        noValidate
        className="mt-4 grid gap-4 md:grid-cols-[1fr_1.4fr_auto] md:items-start"
      >
        <Field {...fieldProps('brandId')} label="Brand">
          {(control) => (
            <BrandPicker
              id={control.id}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              value={values.brand}
              onChange={(brand) => form.setValue('brand', brand)}
            />
          )}
        </Field>
        <TextareaField
          {...fieldProps('note')}
          label="Your note"
          hint={`${values.note.length}/${HUNTER_PICK_LIMITS.note} characters, two lines at most`}
          value={values.note}
          rows={2}
          maxLength={HUNTER_PICK_LIMITS.note}
          onValue={(note) => form.setValue('note', note)}
        />
        <Button type="submit" className="md:mt-7" disabled={pickToday.isPending}>
          {pickToday.isPending ? 'Saving...' : day.pick ? 'Update my pick' : 'Publish my pick'}
        </Button>
      </form>
    </section>
  );
}
