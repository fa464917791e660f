import { HUNTER_REASON_MAX, VETTING_MESSAGES } from '@hunted/contracts';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { serverMessageOf } from '@/lib/field-errors';
import { useDecideHunter } from '../../api/decide-hunter';

const COPY: Record<'reject' | 'suspend', { title: string; description: string; confirm: string; placeholder: string }> =
  {
    reject: {
      title: 'Reject profile',
      description:
        'The hunter reads this reason on their dashboard and by email. Say what to change so it can be approved.',
      confirm: 'Reject profile',
      placeholder: 'e.g. Please add a clear photo of yourself and describe the brands you shop for.',
    },
    suspend: {
      title: 'Suspend hunter',
      description:
        'The profile is hidden at once, upcoming bookings are cancelled with full refunds and conversations close to new messages. The hunter reads this reason.',
      confirm: 'Suspend hunter',
      placeholder: 'e.g. Several clients reported sessions that did not take place.',
    },
  };

/**
 * Rejecting or suspending asks for a reason the hunter can act on (the server refuses a blank one too). The
 * server's own words are shown when it refuses the decision (the hunter changed state meanwhile, say).
 */
export function DecisionDialog({
  hunter,
  decision,
  onOpenChange,
  onDecided,
}: {
  hunter: { id: number; name: string };
  decision: 'reject' | 'suspend';
  onOpenChange: (open: boolean) => void;
  onDecided: () => void;
}) {
  const copy = COPY[decision];
  const decide = useDecideHunter();

  const decideWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await decide.mutateAsync({ hunterId: hunter.id, decision, reason });
    } catch (failure) {
      return { problem: serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.' };
    }
    onDecided();
    return 'done';
  };

  return (
    <ActionDialog
      title={`${copy.title}: ${hunter.name}`}
      description={copy.description}
      reason={{
        maxLength: HUNTER_REASON_MAX,
        placeholder: copy.placeholder,
        requiredMessage: VETTING_MESSAGES.reasonRequired,
        counter: 'below',
      }}
      confirmLabel={copy.confirm}
      pendingLabel="Saving…"
      confirmClassName="bg-red-600 hover:bg-red-700 active:bg-red-800"
      onConfirm={decideWith}
      onOpenChange={onOpenChange}
    />
  );
}
