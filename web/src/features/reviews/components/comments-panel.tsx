import { COMMENT_MAX_LENGTH } from '@hunted/contracts';
import { LogIn, MessageCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { schemaFieldErrors } from '@/components/form/schema-errors';
import { useFormState } from '@/components/form/use-form-state';
import { mayReport } from '@/components/report/may-report';
import { ReportButton } from '@/components/report/report-button';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { COMMENT_SIGN_IN_REDIRECT_DELAY_MS } from '@/config/constants';
import { HttpError } from '@/lib/api-client';
import { goToLogin, useAuth } from '@/lib/auth';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { timeAgo } from '@/lib/relative-time';
import { ShowMoreButton } from '@/components/ui/show-more-button';

/**
 * The brand's comments, hidden until asked for: the list is fetched the first time the panel opens. Comments
 * are plain text wherever they appear, and arrive a page at a time ('Show more comments').
 */
export function CommentsPanel({ brandId }: { brandId: number }) {
  const [open, setOpen] = useState(false);
  const auth = useAuth();
  const comments = useComments(brandId, open);
  const panelId = useId();
  const list = comments.data?.pages.flatMap((page) => page.items) ?? [];
  // The server's total, known once the first page has loaded; later pages may have been counted afresh.
  const count = comments.data?.pages.at(-1)?.total;
  return (
    <section aria-labelledby={`${panelId}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${panelId}-heading`} className="text-xl font-bold tracking-tight text-stone-900">
          Comments
        </h2>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <MessageCircle className="h-4 w-4" aria-hidden />
          {/* The count is known once the comments have been loaded; before that there is nothing honest to show. */}
          {open ? 'Hide Comments' : count === undefined ? 'Comments' : `Comments (${count})`}
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="space-y-5 rounded-3xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
          <CommentComposer brandId={brandId} />
          {comments.isPending ? (
            <Spinner label="Loading comments..." />
          ) : comments.isError ? (
            <p className="text-sm text-red-600">Failed to fetch comments</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-stone-500">No comments yet. Start the conversation.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {list.map((comment) => (
                <li key={comment.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
                  <Avatar src={comment.userProfileImage} className="h-9 w-9" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm">
                      <span className="font-semibold text-stone-900">{comment.userName || 'Anonymous'}</span>
                      <time dateTime={comment.createdAt} className="ml-2 text-xs text-stone-500">
                        {timeAgo(comment.createdAt)}
                      </time>
                    </p>
                    <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-stone-700">
                      {comment.content}
                    </p>
                    {mayReport(auth, comment.userId) ? (
                      <ReportButton
                        kind="comment"
                        itemId={comment.id}
                        subject={`comment by ${comment.userName || 'Anonymous'}`}
                        className="mt-1.5"
                      />
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ShowMoreButton list={comments}>Show more comments</ShowMoreButton>
        </div>
      ) : null}
    </section>
  );
}

const COMMENT_FIELDS = ['content'] as const;

function CommentComposer({ brandId }: { brandId: number }) {
  const auth = useAuth();
  const form = useFormState({ initialValues: { content: '' }, fields: COMMENT_FIELDS });
  const { content } = form.values;
  const error = form.errors.content;
  const fieldId = form.fieldId('content');
  const post = useCreateComment(brandId);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  if (auth.status === 'loading') return null;
  if (auth.status === 'unauthenticated') {
    return (
      <div className="flex flex-col gap-3 rounded-2xl bg-stone-50 px-4 py-3 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <p>You need to be signed in to post comments.</p>
        <Button size="sm" variant="outline" onClick={goToLogin}>
          <LogIn className="h-4 w-4" aria-hidden /> Sign in
        </Button>
      </div>
    );
  }

  const submit = form.handleSubmit({
    // The service's rule, checked here with its schema: 1 to 500 characters once trimmed. Loaded on sending, not
    // with the brand page (the schemas bring zod).
    validate: async (values) => {
      const { commentInputSchema } = await import('@hunted/contracts/schemas');
      return schemaFieldErrors(commentInputSchema, values, COMMENT_FIELDS);
    },
    send: async (values) => {
      if (post.isPending) return null;
      post.mutate(values.content.trim(), {
        onSuccess: () => {
          toast({ title: 'Comment posted!' });
          form.setValue('content', '');
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 401) {
            toast({ variant: 'destructive', title: 'Please sign in' });
            clearTimeout(redirect.current);
            redirect.current = setTimeout(goToLogin, COMMENT_SIGN_IN_REDIRECT_DELAY_MS);
            return;
          }
          toast({ variant: 'destructive', title: 'Failed to post comment. Please try again.' });
        },
      });
      return null;
    },
  });

  const remaining = COMMENT_MAX_LENGTH - content.length;
  return (
    <form ref={form.formRef} onSubmit={submit} className="space-y-2">
      <label htmlFor={fieldId} className="sr-only">
        Write a comment
      </label>
      <Textarea
        id={fieldId}
        value={content}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(event) => {
          form.setValue('content', event.target.value);
          form.clearErrors('content');
        }}
        placeholder="Share a thought or ask a question…"
        className="min-h-20"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error ? <FieldError id={`${fieldId}-error`}>{error}</FieldError> : null}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-stone-500 tabular-nums" aria-live="polite">
          {remaining} characters remaining
        </p>
        <Button type="submit" size="sm" disabled={!content.trim() || post.isPending}>
          {post.isPending ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
