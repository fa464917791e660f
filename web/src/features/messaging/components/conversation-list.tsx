import type { ConversationSummary } from '@hunted/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { timeAgo } from '@/lib/relative-time';
import { UnreadBadge, UnreadWords } from './unread-badge';
import { viewerTimeZone } from '@/lib/time-zone';
import { instantWhen } from '@/lib/zoned-time';

/** The conversations of the member, latest first; the chosen one marked. Each row links to `?conversation=`. */
export function ConversationList({
  conversations,
  selectedId,
  now,
}: {
  conversations: ConversationSummary[];
  selectedId: string | null;
  now: Date;
}) {
  // A member who is both a client and a hunter sees which side each conversation is.
  const bothRoles = new Set(conversations.map((row) => row.role)).size > 1;
  return (
    <ul aria-label="Conversations" className="divide-y divide-stone-100">
      {conversations.map((row) => {
        const selected = row.id === selectedId;
        const when = row.lastMessageAt ?? row.createdAt;
        return (
          <li key={row.id}>
            <Link
              to={`${paths.messages.getHref()}?conversation=${encodeURIComponent(row.id)}`}
              aria-current={selected ? 'true' : undefined}
              className={cn(
                'flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-none',
                selected && 'bg-brand-50/70 hover:bg-brand-50',
              )}
            >
              <Avatar src={row.otherImage} className="h-11 w-11" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span
                    className={cn(
                      'truncate text-sm text-stone-900',
                      row.unreadCount > 0 ? 'font-bold' : 'font-semibold',
                    )}
                  >
                    {row.otherName}
                  </span>
                  {bothRoles ? (
                    <Badge tone={row.role === 'hunter' ? 'brand' : 'neutral'} className="shrink-0">
                      {row.role === 'hunter' ? 'Client' : 'Hunter'}
                    </Badge>
                  ) : null}
                  <time
                    dateTime={when}
                    title={instantWhen(Date.parse(when), viewerTimeZone())}
                    className="ml-auto shrink-0 text-xs text-stone-600"
                  >
                    {timeAgo(when, now)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span className={cn('truncate text-sm', row.unreadCount > 0 ? 'text-stone-800' : 'text-stone-600')}>
                    {row.lastMessage ?? 'No messages yet'}
                  </span>
                  <UnreadBadge count={row.unreadCount} className="ml-auto" />
                  <UnreadWords count={row.unreadCount} />
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
