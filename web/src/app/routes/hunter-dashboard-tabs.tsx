import { CalendarCheck, CalendarDays, Clock, MessageSquare, Settings, Star, Wallet } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';

/** The dashboard's tabs, in the order the tab list shows them. */
export const DASHBOARD_TABS = [
  'bookings',
  'calendar',
  'availability',
  'messages',
  'reviews',
  'earnings',
  'settings',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  bookings: 'Bookings',
  calendar: 'Calendar',
  availability: 'Availability',
  messages: 'Messages',
  reviews: 'Reviews',
  earnings: 'Earnings',
  settings: 'Settings',
};

export const DASHBOARD_TAB_ICONS: Record<DashboardTab, ReactNode> = {
  bookings: <CalendarCheck aria-hidden />,
  calendar: <CalendarDays aria-hidden />,
  availability: <Clock aria-hidden />,
  messages: <MessageSquare aria-hidden />,
  reviews: <Star aria-hidden />,
  earnings: <Wallet aria-hidden />,
  settings: <Settings aria-hidden />,
};

const DEFAULT_DASHBOARD_TAB: DashboardTab = 'bookings';

function isDashboardTab(value: string | null): value is DashboardTab {
  return (DASHBOARD_TABS as readonly (string | null)[]).includes(value);
}

/** The open tab, kept in `?tab=` so a reload or a shared link opens the same one. */
export function useDashboardTab(): [DashboardTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isDashboardTab(requested) ? requested : DEFAULT_DASHBOARD_TAB;
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

/** A tab whose code comes when it is first opened (see the tab files), with a spinner meanwhile. */
export function TabSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading..." />}>{children}</Suspense>;
}
