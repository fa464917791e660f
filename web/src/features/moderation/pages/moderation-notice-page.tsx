import {
  londonWallClock,
  mediumDateLabel,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORTABLE_KIND_LABELS,
  REPORTABLE_KINDS,
  type ModerationNotice,
  type ReportableKind,
} from '@hunted/contracts';
import { CircleAlert, CircleCheck, EyeOff, Home, MessageSquareReply, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/fields';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/api-client';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { useAppeal, useModerationNotice } from '../api/moderation-notice';

const when = (iso: string) => {
  const wall = londonWallClock(Date.parse(iso));
  return `${mediumDateLabel(wall.date)} at ${wall.time}`;
};

const numberFormat = new Intl.NumberFormat('en-GB');

const isKind = (value: string | undefined): value is ReportableKind =>
  (REPORTABLE_KINDS as readonly string[]).includes(value ?? '');

function NotHere() {
  return (
    <Notice
      icon={<SearchX className="h-6 w-6" aria-hidden />}
      title="Nothing to see here"
      description="This notice is not here. It may be about something that was never hidden, or someone else's post, or the link may be wrong."
    >
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        <Home className="h-4 w-4" aria-hidden /> Back to Home
      </Link>
    </Notice>
  );
}

/**
 * /moderation/{kind}/{id}: what an author is shown of their item an admin hid (decision 0101): what it was, why and
 * when, and their one appeal; once sent, that it is with the team. Anyone else, or an item never hidden, gets 404.
 */
export function ModerationNoticePage() {
  const { kind, id } = useParams();
  const itemId = Number(id);
  if (!isKind(kind) || !Number.isInteger(itemId) || itemId <= 0) return <NotHere />;
  return <NoticeOf kind={kind} itemId={itemId} />;
}

function NoticeOf({ kind, itemId }: { kind: ReportableKind; itemId: number }) {
  const notice = useModerationNotice(kind, itemId);
  if (notice.isPending) return <Spinner label="Loading the notice..." />;
  if (notice.isError) {
    if (notice.error instanceof HttpError && notice.error.status === 404) return <NotHere />;
    return (
      <Notice
        icon={<CircleAlert className="h-6 w-6" aria-hidden />}
        title="Something went wrong"
        description={serverMessageOf(notice.error) ?? 'The notice could not be loaded just now. Please try again in a moment.'}
      >
        <Button onClick={() => void notice.refetch()}>Try again</Button>
      </Notice>
    );
  }
  return <NoticeView notice={notice.data} />;
}

function NoticeView({ notice }: { notice: ModerationNotice }) {
  const what = REPORTABLE_KIND_LABELS[notice.kind];
  const shown = notice.state === 'open' || notice.state === 'closed';
  const title = shown ? `Your ${what} is back on Hunted` : `Your ${what} was hidden`;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · Hunted`}</title>
      <div className="flex items-center gap-3">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          {shown ? <CircleCheck className="h-6 w-6" aria-hidden /> : <EyeOff className="h-6 w-6" aria-hidden />}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      </div>
      <p className="mt-4 text-base leading-7 text-stone-600">
        {shown
          ? `Our team looked at it again and it shows on the site as before.`
          : `Our team hid it after members reported it${notice.hiddenAt ? `, on ${when(notice.hiddenAt)}` : ''}. Only you and our team can see it now.`}
      </p>

      {!shown && notice.hiddenReason ? (
        <section aria-labelledby="why-hidden" className="mt-6 rounded-3xl bg-amber-50 px-5 py-4 ring-1 ring-amber-200">
          <h2 id="why-hidden" className="text-sm font-semibold text-amber-950">
            Why it was hidden
          </h2>
          <p className="mt-1 text-[15px] leading-7 break-words whitespace-pre-line text-amber-950">{notice.hiddenReason}</p>
        </section>
      ) : null}

      <section aria-labelledby="what-was-hidden" className="mt-6 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="what-was-hidden" className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          What you posted
        </h2>
        <div className="mt-3 flex gap-4">
          {notice.content.imageUrl ? (
            <img
              src={notice.content.imageUrl}
              alt=""
              className="h-20 w-20 shrink-0 rounded-xl object-cover ring-1 ring-stone-200"
            />
          ) : null}
          <div className="min-w-0">
            <p className="font-semibold break-words text-stone-900">{notice.content.title}</p>
            <p className="text-xs text-stone-500">Written {when(notice.content.createdAt)}</p>
            {notice.content.text ? (
              <p className="mt-2 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">
                {notice.content.text}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      {notice.canAppeal ? (
        <AppealForm notice={notice} />
      ) : notice.appeal ? (
        <section
          aria-labelledby="your-appeal"
          className="mt-6 rounded-3xl bg-violet-50 px-5 py-4 text-violet-950 ring-1 ring-violet-100"
        >
          <h2 id="your-appeal" className="flex items-center gap-2 font-semibold">
            <MessageSquareReply className="h-4 w-4" aria-hidden />
            {notice.state === 'appealed'
              ? 'Your appeal is with our team'
              : shown
                ? 'Your appeal was upheld'
                : 'Our team looked at your appeal and kept it hidden'}
          </h2>
          {notice.state === 'appealed' ? (
            <p className="mt-1 text-sm">We will let you know what we decide. You sent it on {when(notice.appeal.appealedAt)}:</p>
          ) : null}
          <p className="mt-2 rounded-2xl bg-white/70 px-4 py-3 text-sm break-words whitespace-pre-line">{notice.appeal.text}</p>
        </section>
      ) : null}

      <p className="mt-8 text-sm text-stone-500">
        The rules for what may be posted are in our{' '}
        <Link to={paths.terms.getHref()} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Terms of Service
        </Link>
        .
      </p>
    </div>
  );
}

const APPEAL_FIELDS = ['text'] as const;

function AppealForm({ notice }: { notice: ModerationNotice }) {
  const form = useFormState({ initialValues: { text: '' }, fields: APPEAL_FIELDS });
  const appeal = useAppeal(notice.kind, notice.itemId);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = form.fieldId('text');
  const error = form.errors.text;
  const { text } = form.values;

  const submit = form.handleSubmit({
    validate: (values) => {
      setProblem(null);
      const length = values.text.trim().length;
      return length === 0 || length > MODERATION_LIMITS.appealMax ? { text: MODERATION_MESSAGES.appealText } : {};
    },
    send: async (values) => {
      try {
        await appeal.mutateAsync({ text: values.text.trim() });
        return null;
      } catch (failure) {
        const fields = fieldErrorsOf(failure);
        if (fields) return fields;
        setProblem(serverMessageOf(failure) ?? 'Your appeal could not be sent. Please try again.');
        return null;
      }
    },
  });

  return (
    <section aria-labelledby="appeal-heading" className="mt-6 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="appeal-heading" className="text-lg font-bold text-stone-900">
        Think we got it wrong?
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        You can appeal once. Our team reads every appeal and lets you know what we decide.
      </p>
      <form ref={form.formRef} onSubmit={submit} noValidate className="mt-4 space-y-3">
        <div>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={fieldId} className="text-sm font-semibold text-stone-800">
              Your appeal
            </label>
            <span id={`${fieldId}-count`} className="text-xs text-stone-500 tabular-nums">
              {numberFormat.format(text.length)} / {numberFormat.format(MODERATION_LIMITS.appealMax)}
            </span>
          </div>
          <Textarea
            id={fieldId}
            value={text}
            rows={5}
            maxLength={MODERATION_LIMITS.appealMax}
            placeholder="Say why it should be shown again."
            className="mt-1.5"
            aria-invalid={Boolean(error)}
            aria-describedby={[error ? `${fieldId}-error` : null, `${fieldId}-count`].filter(Boolean).join(' ')}
            onChange={(event) => {
              form.setValue('text', event.target.value);
              form.clearErrors('text');
            }}
          />
          {error ? (
            <FieldError id={`${fieldId}-error`}>
              <span role="alert">{error}</span>
            </FieldError>
          ) : null}
        </div>
        {problem || form.otherErrors.length > 0 ? (
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
            {problem ?? form.otherErrors.join(' ')}
          </p>
        ) : null}
        <div className="flex justify-end">
          <SubmitButton pending={appeal.isPending} label="Send appeal" pendingLabel="Sending…" size="md" />
        </div>
      </form>
    </section>
  );
}
