import type { HunterBooking, OwnHunter } from '@hunted/contracts';
import { GoToBrandsSection } from '@/features/hunters/components/edits/go-to-brands-section';
import { HunterSettings } from '@/features/hunters/components/hunter-settings';
import { JoiningDetailsSection } from '@/features/hunters/components/joining-details-form';

/** The dashboard's Settings tab, loaded when it is opened (see hunter-dashboard.tsx). */
export default function HunterDashboardSettings({
  hunter,
  bookings,
}: {
  hunter: OwnHunter;
  /** The hunter's bookings once all are read (undefined before): a change of zone says which ones move. */
  bookings: HunterBooking[] | undefined;
}) {
  return (
    <div className="space-y-6">
      <JoiningDetailsSection sessionTypes={hunter.sessionTypes} />
      <GoToBrandsSection />
      <HunterSettings hunter={hunter} bookings={bookings} />
    </div>
  );
}
