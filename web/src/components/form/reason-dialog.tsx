import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export interface ReasonDialogProps {
  title: string;
  description: string;
  maxLength: number;
  placeholder: string;
  /** Shown when the reason is left blank (it is required and sent trimmed). */
  requiredMessage: string;
  submitLabel: string;
  pendingLabel: string;
  /** Classes for a submit button that must look like what it does (a destructive action in red). */
  submitClassName?: string;
  /** Sends the reason; resolves to null when done (the caller closes the dialog) or to the message to show. */
  send: (reason: string) => Promise<string | null>;
  onOpenChange: (open: boolean) => void;
}

/** A dialog that asks why, then acts on it: a member's report of a review, an admin hiding one. */
export function ReasonDialog({
  title,
  description,
  maxLength,
  placeholder,
  requiredMessage,
  submitLabel,
  pendingLabel,
  submitClassName,
  send,
  onOpenChange,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    setError(null);
    setPending(true);
    const problem = await send(trimmed);
    setPending(false);
    if (problem) setError(problem);
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className="sm:max-w-lg">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Label htmlFor={`${id}-reason`}>Reason</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            rows={3}
            maxLength={maxLength}
            placeholder={placeholder}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {error ? (
            <FieldError id={`${id}-error`}>
              <span role="alert">{error}</span>
            </FieldError>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending} className={submitClassName}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
