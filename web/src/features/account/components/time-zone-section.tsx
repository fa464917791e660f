import { SITE_TIME_ZONE } from '@hunted/contracts';
import { Globe } from 'lucide-react';
import { useMemo } from 'react';
import { SelectField } from '@/components/form/fields';
import { SettingsSection } from '@/components/settings-section';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { timeZoneChoices, timeZoneLabel } from '@/lib/time-zone';
import { useUpdateTimeZone } from '../api/time-zone';

export const TIME_ZONE_SECTION_ID = 'time-zone';

/**
 * "Time zone" on /edit-profile: the zone the member's emails and calendar invites state times in, saved the moment
 * another is chosen. Filled from the browser after sign-in (BrowserTimeZone) until the member picks one.
 */
export function TimeZoneSection({ timeZone }: { timeZone: string | null }) {
  const choices = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const update = useUpdateTimeZone({
    onSuccess: (user) =>
      toast({
        title: 'Time zone saved',
        description: `Your emails and calendar invites now show times in ${timeZoneLabel(user.timeZone ?? SITE_TIME_ZONE)} time.`,
      }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not save your time zone',
        description: serverMessageOf(error) ?? 'Your time zone is unchanged. Please try again in a moment.',
      }),
  });
  const shown = update.isPending ? update.variables.timeZone : timeZone;

  return (
    <SettingsSection
      id={TIME_ZONE_SECTION_ID}
      icon={<Globe />}
      title="Time zone"
      description="Emails and calendar invites from Hunted show times in this zone. Changes are saved at once."
    >
      <SelectField
        id="time-zone"
        label="Your time zone"
        hint={
          timeZone
            ? `Now: ${timeZoneLabel(timeZone)}.`
            : `Not set yet: until it is, your emails show London time (${SITE_TIME_ZONE}).`
        }
        value={shown ?? ''}
        placeholder={shown ? undefined : 'Choose your time zone'}
        options={choices}
        optionLabel={timeZoneLabel}
        disabled={update.isPending}
        onValue={(zone) => {
          if (zone && zone !== timeZone) update.mutate({ timeZone: zone });
        }}
      />
    </SettingsSection>
  );
}
