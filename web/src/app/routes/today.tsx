import { TodayPage } from '@/features/brands/pages/today-page';
import { useTodayHunterPick } from '@/features/hunters/api/hunter-pick';
import { HunterPickCard } from '@/features/hunters/components/hunter-pick-card';

/**
 * /today: the brands feature's page with the hunters feature's Hunter's Pick beside the crowd's #1 (features do
 * not import each other, so they meet here). A pick that cannot be read leaves the page as it was.
 */
export function TodayRoute() {
  const pick = useTodayHunterPick();
  return (
    <TodayPage
      slots={{ besideFeatured: { pending: pick.isPending, element: pick.data ? <HunterPickCard pick={pick.data} /> : null } }}
    />
  );
}
