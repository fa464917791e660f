import { CalendarX2 } from 'lucide-react';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useBlockDates } from '../../api/block-dates';
import { blockRangeProblem, lastSettableDate } from '../../lib/availability-calendar';
import { availabilityToasts } from './availability-toasts';

/** The range's one message, for both days (data-field on their group: its first input gets focus). */
const BLOCK_FIELDS = ['range'] as const;

/**
 * 'Block dates': every day from the first to the last becomes a day off (one POST of the range, no slots). Each day
 * then has hours of its own; resetting one brings back its weekly hours.
 */
export function BlockDatesForm({ today, onBlocked }: { today: string; onBlocked: (startDate: string) => void }) {
  const form = useFormState({ initialValues: { startDate: '', endDate: '' }, fields: BLOCK_FIELDS });
  const { values, setValues } = form;
  const problem = form.errors.range;
  const block = useBlockDates({
    onSuccess: (days) => {
      availabilityToasts.onSuccess();
      if (days[0]) onBlocked(days[0].date);
      setValues({ startDate: '', endDate: '' });
    },
    onError: availabilityToasts.onError,
  });

  const submit = form.handleSubmit({
    validate: ({ startDate, endDate }) => {
      const found = blockRangeProblem(startDate, endDate, today);
      return found ? { range: found } : {};
    },
    // A refusal is the mutation's toast.
    send: async (range) => {
      block.mutate(range);
      return null;
    },
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <div data-field="range" className="grid grid-cols-2 gap-3">
        <Field id={`${form.fieldId('range')}-start`} label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              max={lastSettableDate(today)}
              value={values.startDate}
              aria-invalid={Boolean(problem)}
              onChange={(event) => {
                const startDate = event.target.value;
                // The last day follows a first day chosen after it.
                setValues((current) => ({
                  startDate,
                  endDate: !current.endDate || startDate > current.endDate ? startDate : current.endDate,
                }));
              }}
            />
          )}
        </Field>
        <Field id={`${form.fieldId('range')}-end`} label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={values.startDate || today}
              max={lastSettableDate(today)}
              value={values.endDate}
              aria-invalid={Boolean(problem)}
              onChange={(event) => form.setValue('endDate', event.target.value)}
            />
          )}
        </Field>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-600">
          {problem}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="mt-4 w-full" disabled={block.isPending}>
        <CalendarX2 className="h-4 w-4" aria-hidden />
        {block.isPending ? 'Blocking...' : 'Block dates'}
      </Button>
    </form>
  );
}
