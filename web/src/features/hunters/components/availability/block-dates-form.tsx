import { CalendarX2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useBlockDates } from '../../api/block-dates';
import { blockRangeProblem, lastSettableDate } from '../../lib/availability-calendar';
import { availabilityToasts } from './availability-toasts';

/**
 * 'Block dates': every day from the first to the last becomes a day off (one POST of the range, no slots). Each day
 * then has hours of its own; resetting one brings back its weekly hours.
 */
export function BlockDatesForm({ today, onBlocked }: { today: string; onBlocked: (startDate: string) => void }) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const block = useBlockDates({
    onSuccess: (days) => {
      availabilityToasts.onSuccess();
      if (days[0]) onBlocked(days[0].date);
      setStartDate('');
      setEndDate('');
    },
    onError: availabilityToasts.onError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = blockRangeProblem(startDate, endDate, today);
    setProblem(found);
    if (!found) block.mutate({ startDate, endDate });
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <Field id="block-start" label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              max={lastSettableDate(today)}
              value={startDate}
              aria-invalid={Boolean(problem)}
              onChange={(event) => {
                setStartDate(event.target.value);
                if (!endDate || event.target.value > endDate) setEndDate(event.target.value);
              }}
            />
          )}
        </Field>
        <Field id="block-end" label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              min={startDate || today}
              max={lastSettableDate(today)}
              value={endDate}
              aria-invalid={Boolean(problem)}
              onChange={(event) => setEndDate(event.target.value)}
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
