import { useHunterConversations } from '@/features/messaging/api/conversations';
import { UnreadBadge } from '@/features/messaging/components/unread-badge';
import { lazyNamed } from '@/lib/lazy-named';
import { TabSuspense } from './hunter-dashboard-tabs';

// Its own script, fetched when the tab opens (issue 23).
const HunterMessagesTab = lazyNamed(
  () => import('@/features/messaging/components/hunter-messages-tab'),
  'HunterMessagesTab',
);

// The conversations arrive after the dashboard is drawn and again with every message: the badge and the tab read
// them, so a new list redraws them, not the whole dashboard in one long task on a phone (issue 23).

/** The Messages tab: the hunter's client conversations. */
export function DashboardMessagesTab() {
  const conversations = useHunterConversations();
  return (
    <TabSuspense>
      <HunterMessagesTab
        conversations={conversations.data}
        loading={conversations.isPending}
        failed={conversations.isError}
      />
    </TabSuspense>
  );
}

/** The Messages tab's count of unread messages from clients. */
export function ClientsUnreadBadge() {
  const conversations = useHunterConversations();
  return <UnreadBadge count={(conversations.data ?? []).reduce((sum, row) => sum + row.unreadCount, 0)} />;
}
