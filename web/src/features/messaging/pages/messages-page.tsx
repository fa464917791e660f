import { useQueryClient } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { conversationsQueryOptions, useConversations, useThread } from '../api/conversations';
import { useMarkRead, useSendMessage } from '../api/message-mutations';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';
import { useMarkVisibleThreadRead } from '../lib/use-mark-read';

/** 'time ago' labels move on while the page stays open. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * /messages: the member's conversations beside the chosen one (`?conversation=`; `?hunter=` picks the one with that
 * hunter, for the links on /my-bookings). An id that is not one of the member's shows nothing of it. On phones one
 * pane at a time, with a back button.
 */
export function MessagesPage() {
  const auth = useAuth();
  const myId = auth.status === 'authenticated' ? auth.user.id : '';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const conversations = useConversations();
  const queryClient = useQueryClient();
  const now = useNow();
  useUnauthorizedRedirect(conversations.error);

  const hunterParam = params.get('hunter');
  useEffect(() => {
    if (!hunterParam || !conversations.data) return;
    const match = conversations.data.find((row) => row.role === 'client' && String(row.hunterId) === hunterParam);
    void navigate(match ? `${paths.messages.getHref()}?conversation=${encodeURIComponent(match.id)}` : paths.messages.getHref(), {
      replace: true,
    });
  }, [hunterParam, conversations.data, navigate]);

  const selectedId = params.get('conversation');
  const selected = conversations.data?.find((row) => row.id === selectedId) ?? null;
  const thread = useThread(selected?.id ?? null);
  useUnauthorizedRedirect(thread.error);
  const send = useSendMessage(selected?.id ?? '');
  const markRead = useMarkRead(selected?.id ?? '');
  useMarkVisibleThreadRead(selected?.id ?? null, thread.messages, myId, markRead.mutate);

  const onSend = useCallback(
    async (content: string) => {
      if (!selected) return false;
      try {
        await send.mutateAsync({ content, receiverId: selected.otherUserId, clientMessageId: crypto.randomUUID() });
        return true;
      } catch (error) {
        if (!handleUnauthorized(error)) {
          // A limit (too quick, or the conversation's day is full) says which and when to try again; a conversation
          // closed meanwhile (409, the hunter suspended) says so.
          const limit =
            error instanceof HttpError && (error.status === 429 || error.status === 409) ? serverMessageOf(error) : null;
          toast({ variant: 'destructive', title: 'Error', description: limit ?? 'Failed to send message. Please try again.' });
          // Read the rows again: a closed conversation then shows its notice in place of the composer.
          if (error instanceof HttpError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
          }
        }
        return false;
      }
    },
    [selected, send, queryClient],
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-0 py-0 sm:px-6 sm:py-8 lg:px-8">
      <title>Messages · Hunted</title>
      <h1 className={cn('px-4 pt-6 pb-4 text-2xl font-bold tracking-tight text-stone-900 sm:px-0 sm:pt-0 sm:text-3xl', selected && 'max-md:sr-only')}>
        Messages
      </h1>
      <div className="flex h-[calc(100dvh-7.5rem)] min-h-[26rem] overflow-hidden border-stone-200 bg-white sm:h-[calc(100dvh-12rem)] sm:min-h-[30rem] sm:rounded-3xl sm:border sm:shadow-sm">
        <aside
          aria-label="Your conversations"
          className={cn('w-full shrink-0 overflow-y-auto border-stone-200 md:w-80 md:border-r', selected && 'max-md:hidden')}
        >
          {conversations.isPending ? (
            <Spinner label="Loading conversations..." />
          ) : conversations.isError ? (
            <p className="p-6 text-sm text-stone-600">Your conversations could not be loaded. Please try again.</p>
          ) : conversations.data.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center px-6 py-12 text-center">
              <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
                <MessagesSquare className="h-6 w-6" aria-hidden />
              </span>
              <h2 className="mt-4 text-base font-bold text-stone-900">No conversations yet</h2>
              <p className="mt-1 text-sm text-stone-600">Book a hunter to start chatting!</p>
              <Link to={paths.bookAHunter.getHref()} className={buttonClasses({ size: 'sm', className: 'mt-5' })}>
                Browse Hunters
              </Link>
            </div>
          ) : (
            <ConversationList conversations={conversations.data} selectedId={selected?.id ?? null} now={now} />
          )}
        </aside>
        <div className={cn('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <MessageThread
              conversation={selected}
              messages={thread.messages}
              loading={thread.isPending}
              failed={thread.isError}
              hasOlder={thread.hasOlder}
              loadingOlder={thread.loadingOlder}
              onLoadOlder={thread.loadOlder}
              myId={myId}
              now={now}
              onSend={onSend}
              sending={send.isPending}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center bg-stone-50/60 p-8 text-center">
              <MessagesSquare className="h-10 w-10 text-stone-300" aria-hidden />
              <p className="mt-3 text-sm font-semibold text-stone-700">Select a conversation</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
