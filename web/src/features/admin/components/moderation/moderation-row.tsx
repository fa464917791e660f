import { REPORT_REASON_LABELS, type ModerationItem } from '@hunted/contracts';
import { Eye, EyeOff, Flag, MessageSquareReply, ShieldOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ModerationDecision } from '../../api/moderation';
import { londonInstantLabel } from '../../lib/london-label';
import { ACTION_LABELS, KIND_BADGES, STATE_BADGES } from './moderation-labels';

const sectionTitle = 'text-xs font-semibold tracking-wide text-stone-500 uppercase';

/** What an admin may decide on an item in its state (the API answers 409 for anything else). */
export function decisionsFor(item: Pick<ModerationItem, 'state'>): ModerationDecision[] {
  switch (item.state) {
    case 'open':
      return ['hide', 'dismiss'];
    case 'closed':
      return ['hide'];
    case 'hidden':
      return ['restore'];
    case 'appealed':
      return ['restore', 'dismiss'];
  }
}

/** One reported item: as members see it, its reports, the author's appeal, every decision, and what may be done. */
export function ModerationRow({
  item,
  onDecide,
}: {
  item: ModerationItem;
  onDecide: (decision: ModerationDecision) => void;
}) {
  const { content } = item;
  const state = STATE_BADGES[item.state];
  const openReports = item.reports.filter((report) => report.open).length;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="neutral">{KIND_BADGES[item.kind]}</Badge>
            <Badge tone={state.tone}>{state.label}</Badge>
            {openReports > 0 ? (
              <Badge tone="amber">
                <Flag aria-hidden /> {openReports} new {openReports === 1 ? 'report' : 'reports'}
              </Badge>
            ) : null}
          </p>
          <h3 className="mt-2 text-lg font-bold break-words text-stone-900">
            <Link to={content.href} className="hover:text-brand-700 hover:underline">
              {content.title}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-stone-500">
            by {content.authorName ?? 'a former member'} · written {londonInstantLabel(content.createdAt)}
            {item.waitingSince ? <> · waiting since {londonInstantLabel(item.waitingSince)}</> : null}
          </p>
        </div>
        <DecisionButtons item={item} onDecide={onDecide} />
      </div>

      <div className="mt-4 flex gap-4 rounded-2xl bg-white px-4 py-3.5 ring-1 ring-stone-200">
        {content.imageUrl ? (
          <img
            src={content.imageUrl}
            alt=""
            loading="lazy"
            className="h-20 w-20 shrink-0 rounded-xl object-cover ring-1 ring-stone-200"
          />
        ) : null}
        <p className="min-w-0 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700">
          {content.text ?? <span className="text-stone-400">No text.</span>}
        </p>
      </div>

      {item.hiddenReason && (item.state === 'hidden' || item.state === 'appealed') ? (
        <p className="mt-3 text-sm text-stone-700">
          <span className="font-semibold">Hidden because:</span>{' '}
          <span className="break-words whitespace-pre-line">{item.hiddenReason}</span>
        </p>
      ) : null}

      {item.appeal ? (
        <div className="mt-4 rounded-2xl bg-violet-50 px-4 py-3 text-sm text-violet-950 ring-1 ring-violet-100">
          <p className="flex items-center gap-1.5 font-semibold">
            <MessageSquareReply className="h-4 w-4" aria-hidden /> The author&apos;s appeal
            <span className="font-normal text-violet-800/80">· {londonInstantLabel(item.appeal.appealedAt)}</span>
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{item.appeal.text}</p>
        </div>
      ) : null}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {item.reports.length > 0 ? (
          <div>
            <p className={sectionTitle}>Reports</p>
            <ul aria-label={`Reports on ${content.title}`} className="mt-1.5 space-y-1.5">
              {item.reports.map((report, index) => (
                <li
                  key={`${report.reportedAt}-${index}`}
                  className={
                    report.open
                      ? 'rounded-xl bg-amber-50 px-3.5 py-2 text-sm text-amber-950 ring-1 ring-amber-100'
                      : 'rounded-xl bg-stone-100 px-3.5 py-2 text-sm text-stone-700'
                  }
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold">{REPORT_REASON_LABELS[report.reason] ?? report.reason}</span>
                    <span className="text-xs opacity-80">{londonInstantLabel(report.reportedAt)}</span>
                  </p>
                  {report.details ? <p className="mt-0.5 break-words whitespace-pre-line">{report.details}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {item.decisions.length > 0 ? (
          <div>
            <p className={sectionTitle}>Decisions</p>
            <ol aria-label={`Decisions on ${content.title}`} className="mt-1.5 space-y-2.5">
              {item.decisions.map((decision, index) => (
                <li key={`${decision.decidedAt}-${index}`} className="border-l-2 border-stone-200 pl-3.5">
                  <p className="text-sm font-semibold text-stone-900">{ACTION_LABELS[decision.action] ?? decision.action}</p>
                  <p className="text-xs text-stone-500">
                    <time dateTime={decision.decidedAt}>{londonInstantLabel(decision.decidedAt)}</time> · by{' '}
                    {decision.decidedBy ?? 'a former admin'}
                  </p>
                  {decision.reason ? (
                    <p className="mt-0.5 text-sm break-words whitespace-pre-line text-stone-700">{decision.reason}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </>
  );
}

function DecisionButtons({ item, onDecide }: { item: ModerationItem; onDecide: (decision: ModerationDecision) => void }) {
  const title = item.content.title;
  return (
    <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
      {decisionsFor(item).map((decision) =>
        decision === 'hide' ? (
          <Button
            key={decision}
            variant="outline"
            size="sm"
            aria-label={`Hide ${title}`}
            onClick={() => onDecide(decision)}
            className="border-red-200 text-red-700 hover:border-red-300 hover:bg-red-50"
          >
            <EyeOff className="h-4 w-4" aria-hidden /> Hide
          </Button>
        ) : decision === 'restore' ? (
          <Button key={decision} variant="outline" size="sm" aria-label={`Restore ${title}`} onClick={() => onDecide(decision)}>
            <Eye className="h-4 w-4" aria-hidden /> Restore
          </Button>
        ) : (
          <Button key={decision} variant="outline" size="sm" aria-label={`Dismiss ${title}`} onClick={() => onDecide(decision)}>
            <ShieldOff className="h-4 w-4" aria-hidden /> {item.state === 'appealed' ? 'Reject appeal' : 'Dismiss'}
          </Button>
        ),
      )}
    </div>
  );
}
