import { WEEKDAYS, type WeeklyHours } from '@hunted/contracts';
import { SubmitButton } from '@/components/form/fields';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useWeeklyHours } from '../../api/get-weekly-hours';
import { useSetWeeklyHours } from '../../api/set-weekly-hours';
import { WEEKDAY_LABELS } from '../../lib/availability-calendar';
import { hoursSummary, slotsForDay, toggleSlot } from '../../lib/availability-slots';
import { availabilityToasts } from './availability-toasts';
import { SlotGrid } from './slot-grid';

/**
 * 'Weekly hours': the hours each weekday offers, which every date follows unless it has hours of its own. Edited as
 * a draft and saved together (PUT), since a week is changed as a whole.
 */
export function WeeklyHoursEditor() {
  const weekly = useWeeklyHours();
  if (weekly.isPending) return <p className="py-8 text-center text-sm text-stone-500">Loading weekly hours...</p>;
  if (weekly.isError) {
    return (
      <div className="py-8 text-center text-sm text-stone-600">
        <p>Your weekly hours could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void weekly.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // A new answer from the server (after a save) starts a fresh draft.
  return <WeeklyHoursForm key={JSON.stringify(weekly.data)} saved={weekly.data} />;
}

function WeeklyHoursForm({ saved }: { saved: WeeklyHours }) {
  const form = useFormState({ initialValues: saved, fields: WEEKDAYS });
  const draft = form.values;
  const save = useSetWeeklyHours(availabilityToasts);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const submit = form.handleSubmit({
    // Any week is a valid one; the service checks the slots themselves, and its refusal is a toast.
    validate: () => ({}),
    send: (week) => {
      save.mutate(week);
      return Promise.resolve(null);
    },
  });

  return (
    <form ref={form.formRef} onSubmit={submit}>
      <ul className="divide-y divide-stone-100">
        {WEEKDAYS.map((weekday) => {
          const label = WEEKDAY_LABELS[weekday];
          const slots = draft[weekday];
          const setSlots = (next: WeeklyHours[typeof weekday]) => form.setValue(weekday, next);
          return (
            <li key={weekday} className="py-4 first:pt-0">
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{label}</p>
                  <p className="text-xs text-stone-500">{hoursSummary(slots)}</p>
                </div>
                <Switch
                  checked={slots.length > 0}
                  onCheckedChange={(on) => setSlots(slotsForDay(on))}
                  disabled={save.isPending}
                  aria-label={`Available on ${label}s`}
                />
              </div>
              <SlotGrid
                label={`${label} hours`}
                slots={slots}
                disabled={save.isPending}
                onToggle={(slot) => setSlots(toggleSlot(slots, slot))}
                className="mt-3 sm:grid-cols-12 sm:gap-1.5"
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex flex-wrap items-center justify-end gap-3 border-t border-stone-100 pt-4">
        {changed ? <p className="mr-auto text-sm text-amber-700">Unsaved changes</p> : null}
        <Button variant="outline" disabled={!changed || save.isPending} onClick={() => form.setValues(saved)}>
          Discard
        </Button>
        <SubmitButton
          size="md"
          pending={save.isPending}
          canSubmit={changed}
          label="Save weekly hours"
          pendingLabel="Saving..."
        />
      </div>
    </form>
  );
}
