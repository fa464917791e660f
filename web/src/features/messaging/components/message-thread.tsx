import { VETTING_MESSAGES, type ConversationSummary } from '@hunted/contracts';
import { ArrowLeft, Lock, MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { timeAgo } from '@/lib/relative-time';
import type { ThreadMessage } from '../api/conversations';
import { MessageAttachments } from './message-attachments';
import { MessageComposer } from './message-composer';
import { viewerTimeZone } from '@/lib/time-zone';
import { instantWhen } from '@/lib/zoned-time';

/** How near the bottom (px) counts as reading the newest messages: new ones then scroll into view. */
const NEAR_BOTTOM = 120;
/** How near the top (px) asks for the page of older messages. */
const NEAR_TOP = 200;

/**
 * One conversation: who it is with, the messages as a live log, and the box to write in. It opens on the newest
 * page; scrolling near the top (or the button there) loads the page before, and the messages in view stay put.
 */
export function MessageThread({
  conversation,
  messages,
  loading,
  failed,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  myId,
  now,
  onSend,
  sending,
}: {
  conversation: ConversationSummary;
  messages: ThreadMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  myId: string;
  now: Date;
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
}) {
  const log = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  /** The distance from the bottom when older messages were asked for: kept once they are put above. */
  const keptFromBottom = useRef<number | null>(null);
  const count = messages?.length ?? 0;
  const oldestId = messages?.[0]?.id;

  const loadOlder = () => {
    const element = log.current;
    if (!hasOlder || loadingOlder || !onLoadOlder) return;
    if (element) keptFromBottom.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  };

  // Older messages went in above: the ones the reader was looking at stay where they were.
  useLayoutEffect(() => {
    const element = log.current;
    if (!element || keptFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - keptFromBottom.current;
    keptFromBottom.current = null;
  }, [oldestId]);

  // Open at the newest message; follow new ones only when the reader is already there.
  useLayoutEffect(() => {
    const element = log.current;
    if (element && nearBottom.current) element.scrollTop = element.scrollHeight;
  }, [count, conversation.id]);
  useEffect(() => {
    nearBottom.current = true;
  }, [conversation.id]);
  // The log changes size when a phone turns, its keyboard opens or the composer grows: a reader at the newest
  // message stays there rather than being left a screen above it.
  useEffect(() => {
    const element = log.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-label={`Conversation with ${conversation.otherName}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-stone-200 px-3 py-3 sm:px-5">
        <Link
          to={paths.messages.getHref()}
          aria-label="Back to conversations"
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 md:hidden"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <Avatar src={conversation.otherImage} className="h-10 w-10" />
        <div className="min-w-0">
          <h2 className="truncate text-base font-bold text-stone-900">{conversation.otherName}</h2>
          <p className="text-xs text-stone-500">{conversation.role === 'client' ? 'Your hunter' : 'Your client'}</p>
        </div>
      </header>

      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${conversation.otherName}`}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          nearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
          if (element.scrollTop < NEAR_TOP) loadOlder();
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-stone-50/60 px-3 py-4 focus-visible:outline-none sm:px-5"
      >
        {loading ? (
          <Spinner label="Loading messages..." />
        ) : failed ? (
          <p className="py-10 text-center text-sm text-stone-600">
            The messages could not be loaded. Please try again.
          </p>
        ) : count === 0 ? (
          <div className="flex h-full flex-col items-center justify-center py-10 text-center">
            <MessageSquare className="h-8 w-8 text-stone-300" aria-hidden />
            <p className="mt-3 text-sm font-semibold text-stone-800">No messages yet</p>
            <p className="mt-1 text-sm text-stone-500">Start the conversation!</p>
          </div>
        ) : (
          <>
            {hasOlder ? (
              <div className="mb-3 flex justify-center">
                <button
                  type="button"
                  onClick={loadOlder}
                  disabled={loadingOlder}
                  className="rounded-full px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 disabled:text-stone-500"
                >
                  {loadingOlder ? 'Loading earlier messages…' : 'Show earlier messages'}
                </button>
              </div>
            ) : null}
            <ol className="flex flex-col gap-2.5">
              {messages!.map((message) => {
                const mine = message.senderId === myId;
                return (
                  <li key={message.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                    <p
                      className={cn(
                        'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap shadow-xs sm:max-w-[70%]',
                        mine
                          ? 'rounded-br-md bg-brand-600 text-white'
                          : 'rounded-bl-md bg-white text-stone-900 ring-1 ring-stone-200',
                        message.pending && 'opacity-70',
                      )}
                    >
                      {message.content}
                    </p>
                    <MessageAttachments urls={message.attachments} />
                    <span className="mt-1 px-1 text-[11px] text-stone-500">
                      {message.pending ? (
                        'Sending…'
                      ) : (
                        // The exact time on the reader's clock, its zone said, for whoever points at "5 minutes ago".
                        <time
                          dateTime={message.createdAt}
                          title={instantWhen(Date.parse(message.createdAt), viewerTimeZone())}
                        >
                          {timeAgo(message.createdAt, now)}
                        </time>
                      )}
                      {mine && !message.pending && message.isRead ? ' · Seen' : ''}
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>

      {conversation.closed ? <ClosedConversation /> : <MessageComposer onSend={onSend} sending={sending} />}
    </section>
  );
}

/** In place of the composer once the hunter is suspended: the messages stay readable, nothing new can be sent. */
function ClosedConversation() {
  return (
    <div role="status" className="flex items-start gap-3 border-t border-stone-200 bg-stone-50 px-4 py-4 sm:px-5">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-stone-200 text-stone-600">
        <Lock className="h-4 w-4" aria-hidden />
      </span>
      <div>
        <p className="text-sm font-semibold text-stone-900">{VETTING_MESSAGES.closedConversation}</p>
        <p className="mt-0.5 text-sm text-stone-600">You can still read it, but no new messages can be sent.</p>
      </div>
    </div>
  );
}
