import type { Hunter, HunterRevision } from '@hunted/contracts';
import { useMemo } from 'react';
import { failureToast, fieldErrorsOfSubmission, successToast } from '@/components/form/submit';
import { HttpError } from '@/lib/api-client';
import { useUpdateHunter } from '../api/update-hunter';
import { hunterFormValuesOf } from '../lib/hunter-form-values';
import { movedSessions, zoneMovedToast, type ZoneMoveBooking } from '../lib/zone-move';
import { HunterProfileForm } from './hunter-profile-form';

/**
 * The dashboard's Settings tab: the hunter profile form in edit mode, with the availability status. A change waiting
 * for review (decision 0089) fills the form with its values, not the live ones: the form sends every field back, so
 * the next save (of a price, say) keeps the change waiting rather than putting the live value back.
 *
 * `bookings` (the dashboard's, once all are read) let a change of zone say which sessions ahead show at new local
 * times, before the save and after it (issue 38); their instants, and so the clients' times, do not change.
 */
export function HunterSettings({
  hunter,
  bookings,
}: {
  hunter: Hunter & { revision?: HunterRevision | null };
  bookings?: readonly ZoneMoveBooking[] | undefined;
}) {
  const update = useUpdateHunter({
    onError: (error) =>
      // A refused currency change (409: sessions booked ahead) says why in the server's own words.
      error instanceof HttpError && error.status === 409
        ? failureToast('Update Failed', 'Your currency cannot change now.')(error)
        : failureToast('Update Failed', 'Failed to update your profile. Please try again.', { fromServer: false })(error),
  });
  const initialValues = useMemo(
    () => hunterFormValuesOf(hunter.revision?.status === 'pending' ? { ...hunter, ...hunter.revision.changes } : hunter),
    [hunter],
  );

  return (
    <HunterProfileForm
      // A saved profile is read again; starting the form afresh from it shows what the server stored (an uploaded
      // photo becomes its URL, so the next save does not upload it again).
      key={`${hunter.id}-${hunter.updatedAt}-${hunter.revision?.id ?? 'live'}`}
      mode="edit"
      initialValues={initialValues}
      pending={update.isPending}
      bookings={bookings}
      onSubmit={(changes) => {
        // The zone as it was when the form was sent: by the time the save answers, the profile is read again.
        const zoneBefore = hunter.timeZone;
        return fieldErrorsOfSubmission(
          update.mutateAsync(
            { id: hunter.id, changes },
            {
              onSuccess: (saved) => {
                const moved = movedSessions(bookings ?? [], zoneBefore, saved.timeZone, Date.now());
                if (moved.length > 0) successToast('Profile Updated', zoneMovedToast(moved.length, saved.timeZone));
                else successToast('Profile Updated', 'Your hunter profile has been updated successfully.');
              },
            },
          ),
        );
      }}
    />
  );
}
