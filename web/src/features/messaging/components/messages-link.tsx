import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/conversations';
import { useLiveMessages } from '../lib/socket';
import { UnreadBadge, unreadLabel } from './unread-badge';

/**
 * The header's message icon for a signed-in member: the unread total, live. It also keeps the tab's one socket
 * open (the header is on every page of a signed-in member).
 */
export function MessagesLink({ className }: { className: string }) {
  useLiveMessages();
  const unread = useUnreadCount(true);
  const count = unread.data?.messages ?? 0;
  return (
    <Link to={paths.messages.getHref()} aria-label={unreadLabel('Messages', count)} className={`relative ${className}`}>
      <MessageCircle className="h-5 w-5" aria-hidden />
      <UnreadBadge count={count} className="absolute -top-0.5 -right-0.5 ring-2 ring-white" />
    </Link>
  );
}
