import type { HunterConversationSummary } from '@hunted/contracts';
import { Lock, MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { NoticeCard } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { timeAgo } from '@/lib/relative-time';
import { UnreadBadge, UnreadWords } from './unread-badge';

/** The dashboard's Messages tab: the hunter's client conversations; choosing one opens it on /messages. */
export function HunterMessagesTab({
  conversations,
  loading,
  failed,
}: {
  conversations: HunterConversationSummary[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const navigate = useNavigate();
  if (loading) return <Spinner label="Loading conversations..." />;
  if (failed || !conversations) {
    return (
      <NoticeCard
        icon={<MessageSquare aria-hidden />}
        title="Messages"
        description="Your conversations could not be loaded."
      />
    );
  }
  if (conversations.length === 0) {
    return (
      <NoticeCard
        icon={<MessageSquare aria-hidden />}
        title="No conversations yet"
        description="When a client books you, your conversation with them appears here."
      />
    );
  }
  const now = new Date();
  return (
    <ul
      aria-label="Client conversations"
      className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs"
    >
      {conversations.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            onClick={() => void navigate(`${paths.messages.getHref()}?conversation=${encodeURIComponent(row.id)}`)}
            className="flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-none"
          >
            <Avatar src={row.clientAvatar} className="h-11 w-11" />
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-2">
                <span className="truncate text-sm font-semibold text-stone-900">{row.clientName}</span>
                {row.closed ? (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-[11px] font-semibold text-stone-600">
                    <Lock className="h-3 w-3" aria-hidden /> Closed
                  </span>
                ) : null}
                {row.lastMessageTime ? (
                  <time dateTime={row.lastMessageTime} className="ml-auto shrink-0 text-xs text-stone-600">
                    {timeAgo(row.lastMessageTime, now)}
                  </time>
                ) : null}
              </span>
              <span className="mt-0.5 flex items-center gap-2">
                <span className="truncate text-sm text-stone-600">{row.lastMessage ?? 'No messages yet'}</span>
                <UnreadBadge count={row.unreadCount} className="ml-auto" />
                <UnreadWords count={row.unreadCount} />
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
