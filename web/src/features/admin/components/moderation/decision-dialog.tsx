import { MODERATION_LIMITS, MODERATION_MESSAGES, REPORTABLE_KIND_LABELS, type ModerationItem } from '@hunted/contracts';
import { useId, useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { TextareaField } from '@/components/form/fields';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import { useDecideModeration, type ModerationDecision } from '../../api/moderation';

const COPY: Record<
  ModerationDecision,
  { title: string; description: (what: string, appealed: boolean) => string; confirm: string; pending: string; done: string }
> = {
  hide: {
    title: 'Hide',
    description: (what) =>
      `The ${what} leaves the site at once. Its author is told your reason and may appeal once.`,
    confirm: 'Hide',
    pending: 'Hiding…',
    done: 'Hidden. The author has been told why.',
  },
  restore: {
    title: 'Restore',
    description: (what) => `The ${what} shows on the site again, and its author is told.`,
    confirm: 'Restore',
    pending: 'Restoring…',
    done: 'Restored: it shows on the site again.',
  },
  dismiss: {
    title: 'Dismiss',
    description: (what, appealed) =>
      appealed
        ? `The appeal is rejected and the ${what} stays hidden. Its author is told.`
        : `The reports are closed and the ${what} stays on the site.`,
    confirm: 'Dismiss',
    pending: 'Dismissing…',
    done: 'Dismissed.',
  },
};

/**
 * One decision on one item: hiding asks why (required: the author is told), restoring and dismissing may say why.
 * The API's refusal (409 when the item has moved on, 400 for the reason) shows in the dialog in its own words.
 */
export function DecisionDialog({
  item,
  decision,
  onOpenChange,
  onDecided,
}: {
  item: ModerationItem;
  decision: ModerationDecision;
  onOpenChange: (open: boolean) => void;
  onDecided: (title: string) => void;
}) {
  const id = useId();
  const decide = useDecideModeration();
  const [optionalReason, setOptionalReason] = useState('');
  const copy = COPY[decision];
  const appealed = item.state === 'appealed';
  const what = REPORTABLE_KIND_LABELS[item.kind];

  const decideWith = async (requiredReason: string): Promise<ActionOutcome> => {
    const reason = decision === 'hide' ? requiredReason : optionalReason.trim();
    try {
      await decide.mutateAsync({ kind: item.kind, itemId: item.itemId, decision, ...(reason ? { reason } : {}) });
    } catch (failure) {
      return {
        problem:
          fieldErrorsOf(failure)?.reason ?? serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.',
      };
    }
    onDecided(copy.done);
    return 'done';
  };

  return (
    <ActionDialog
      title={`${decision === 'dismiss' && appealed ? 'Reject the appeal on' : copy.title} “${item.content.title}”`}
      description={copy.description(what, appealed)}
      reason={
        decision === 'hide'
          ? {
              label: 'Why is it hidden?',
              maxLength: MODERATION_LIMITS.decisionReasonMax,
              rows: 3,
              placeholder: 'e.g. It shares a person’s phone number.',
              requiredMessage: MODERATION_MESSAGES.hideReason,
              counter: 'beside-label',
            }
          : undefined
      }
      confirmLabel={decision === 'dismiss' && appealed ? 'Reject appeal' : copy.confirm}
      pendingLabel={copy.pending}
      confirmClassName={decision === 'hide' ? 'bg-red-600 hover:bg-red-700 active:bg-red-800' : undefined}
      onConfirm={decideWith}
      onOpenChange={onOpenChange}
    >
      {decision === 'hide' ? null : (
        <TextareaField
          id={`${id}-reason`}
          label="Reason"
          optional
          rows={3}
          maxLength={MODERATION_LIMITS.decisionReasonMax}
          value={optionalReason}
          onValue={setOptionalReason}
        />
      )}
    </ActionDialog>
  );
}
