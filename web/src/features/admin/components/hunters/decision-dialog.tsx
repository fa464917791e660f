import { HUNTER_REASON_MAX, VETTING_MESSAGES } from '@hunted/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
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
  const id = useId();
  const copy = COPY[decision];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideHunter({
    onSuccess: onDecided,
    onError: (failure) => setError(serverMessageOf(failure) ?? 'The decision could not be saved. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(VETTING_MESSAGES.reasonRequired);
      return;
    }
    setError(null);
    decide.mutate({ hunterId: hunter.id, decision, reason });
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={`${copy.title}: ${hunter.name}`} description={copy.description} className="sm:max-w-lg">
        <form onSubmit={submit} noValidate>
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={HUNTER_REASON_MAX}
            placeholder={copy.placeholder}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : `${id}-count`}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <FieldError id={`${id}-error`}>
              <span role="alert">{error}</span>
            </FieldError>
          ) : (
            <p id={`${id}-count`} className="mt-1.5 text-right text-xs text-stone-500 tabular-nums">
              {reason.length} / {HUNTER_REASON_MAX}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={decide.isPending} className="bg-red-600 hover:bg-red-700 active:bg-red-800">
              {decide.isPending ? 'Saving…' : copy.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
