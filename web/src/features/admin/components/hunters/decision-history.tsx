import { londonWallClock, mediumDateLabel, type HunterDecision } from '@hunted/contracts';
import { Spinner } from '@/components/ui/spinner';
import { useAdminHunter } from '../../api/get-admin-hunter';
import { HUNTER_STATUS_LABELS } from './hunter-status-badge';

const DECISION_LABELS: Record<HunterDecision['decision'], string> = {
  approve: 'Approved',
  reject: 'Rejected',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  resubmit: 'Resubmitted by the hunter',
  revise: 'Changes sent for review by the hunter',
  'withdraw-revision': 'Changes withdrawn by the hunter',
  'approve-revision': 'Changes approved',
  'reject-revision': 'Changes rejected',
};

const when = (iso: string) => {
  const wall = londonWallClock(new Date(iso));
  return `${mediumDateLabel(wall.date)}, ${wall.time}`;
};

/** Every decision on one hunter, newest first: who took it, when, and why (`GET /api/admin/hunters/{id}`). */
export function DecisionHistory({ hunterId }: { hunterId: number }) {
  const hunter = useAdminHunter(hunterId);
  if (hunter.isPending) return <Spinner label="Loading history..." />;
  if (hunter.isError) return <p className="text-sm text-red-700">The history could not be loaded.</p>;
  const decisions = [...hunter.data.decisions].sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  if (decisions.length === 0) return <p className="text-sm text-stone-500">No decisions yet.</p>;
  return (
    <ol aria-label="Decision history" className="space-y-3">
      {decisions.map((decision) => (
        <li key={decision.id} className="relative border-l-2 border-stone-200 pl-4">
          <p className="text-sm font-semibold text-stone-900">
            {DECISION_LABELS[decision.decision] ?? decision.decision}
            <span className="font-normal text-stone-500">
              {' '}
              · {HUNTER_STATUS_LABELS[decision.fromStatus]} → {HUNTER_STATUS_LABELS[decision.toStatus]}
            </span>
          </p>
          <p className="text-xs text-stone-500">
            <time dateTime={decision.decidedAt}>{when(decision.decidedAt)}</time> · by {decision.decidedBy}
          </p>
          {decision.reason ? (
            <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{decision.reason}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
