import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/**
 * How an action ended: `'done'` (the caller has closed the dialog or moved on; the reason starts afresh), refused
 * with a `problem` to show in the dialog, or `'dropped'` without a word here (a toast or a sign-in redirect has
 * said what there was to say).
 */
export type ActionOutcome = 'done' | 'dropped' | { problem: string };

/** The reason an action asks for: required, sent trimmed. */
export interface ReasonField {
  /** 'Reason' unless said. */
  label?: ReactNode;
  maxLength: number;
  placeholder?: string;
  rows?: number;
  /** Shown when the reason is left blank. */
  requiredMessage: string;
  /**
   * The count of characters typed: 'below' the field on the right ('12 / 1000', hidden while a message shows), or
   * 'beside-label' as the forms show it ('12 / 1,000'); none unless said.
   */
  counter?: 'below' | 'beside-label';
}

export interface ActionDialogProps {
  /** Open unless said: a dialog the caller mounts only while it is open need not say. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The dialogs' standard width, for an action with more to show (a slot picker); else the narrower one of a short action. */
  wide?: boolean;
  reason?: ReasonField;
  /** What the action needs besides the reason (a choice, a time), drawn above it. */
  children?: ReactNode;
  /** The other fields' own checks, run with the reason's on confirming: shows their messages, true when they pass. */
  validate?: () => boolean;
  confirmLabel: string;
  pendingLabel: string;
  /** Classes for a confirm button that must look like what it does (a destructive action in red). */
  confirmClassName?: string;
  cancelLabel?: string;
  /** False keeps the confirm button disabled (nothing chosen yet). */
  canConfirm?: boolean;
  /** Does the action with the trimmed reason ('' without a reason field). */
  onConfirm: (reason: string) => Promise<ActionOutcome>;
}

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * A dialog that does one thing when confirmed: asks why when the action needs a reason (a blank one is refused
 * before anything is sent), says it is working while the action runs, and shows the server's refusal inside
 * itself: under the reason when there is one, else above the buttons. Cancel closes it.
 */
export function ActionDialog({
  open = true,
  onOpenChange,
  title,
  description,
  wide = false,
  reason,
  children,
  validate,
  confirmLabel,
  pendingLabel,
  confirmClassName,
  cancelLabel = 'Cancel',
  canConfirm = true,
  onConfirm,
}: ActionDialogProps) {
  const id = useId();
  // Kept while the dialog is closed and opened again, until the action is done: a half-written reason is not lost.
  const [reasonText, setReasonText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reasonText.trim();
    const reasonMissing = reason !== undefined && trimmed === '';
    // Every field's message at once: the other fields' checks run even when the reason is missing.
    const othersPass = validate ? validate() : true;
    setProblem(reasonMissing ? reason.requiredMessage : null);
    if (reasonMissing || !othersPass) return;
    setPending(true);
    const outcome = await onConfirm(trimmed);
    setPending(false);
    if (outcome === 'done') setReasonText('');
    else if (outcome !== 'dropped') setProblem(outcome.problem);
  };

  const buttons = (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={() => onOpenChange(false)}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={pending || !canConfirm} className={confirmClassName}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} className={wide ? undefined : 'sm:max-w-lg'}>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          {children}
          {reason ? (
            <ReasonInput
              id={`${id}-reason`}
              field={reason}
              value={reasonText}
              problem={problem}
              onChange={setReasonText}
            />
          ) : problem ? (
            <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          {buttons}
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReasonInput({
  id,
  field,
  value,
  problem,
  onChange,
}: {
  id: string;
  field: ReasonField;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const label = field.label ?? 'Reason';
  const countShown = field.counter === 'beside-label' || (field.counter === 'below' && !problem);
  const describedBy = [problem ? errorId : null, countShown ? countId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      {field.counter === 'beside-label' ? (
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-semibold text-stone-800">
            {label}
          </label>
          <span id={countId} className="text-xs text-stone-500 tabular-nums">
            {numberFormat.format(value.length)} / {numberFormat.format(field.maxLength)}
          </span>
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Textarea
        id={id}
        value={value}
        rows={field.rows}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        required
        className={field.counter === 'beside-label' ? 'mt-1.5' : undefined}
        aria-invalid={problem !== null}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <FieldError id={errorId}>
          <span role="alert">{problem}</span>
        </FieldError>
      ) : field.counter === 'below' ? (
        <p id={countId} className="mt-1.5 text-right text-xs text-stone-500 tabular-nums">
          {value.length} / {field.maxLength}
        </p>
      ) : null}
    </div>
  );
}
