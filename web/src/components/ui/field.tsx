import type { ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './input';

/**
 * A labelled form control with an optional hint and error. The control itself is rendered by `children`, which
 * receives the ids to wire: give it `id`, `aria-invalid` and `aria-describedby` from the props passed in.
 */
export function Field({
  id,
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  optional?: boolean;
  className?: string;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-stone-500"> (optional)</span> : null}
      </Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} className={cn('mt-1.5 text-sm font-medium text-red-600', className)}>
      {children}
    </p>
  );
}

/** The line above a form that failed its checks; `children` adds messages that belong to no field. */
export function FormErrorSummary({ count, children }: { count: number; children?: ReactNode }) {
  if (count === 0) return null;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
      <p>{count === 1 ? 'Please fix the highlighted field.' : `Please fix the ${count} highlighted fields.`}</p>
      {children}
    </div>
  );
}
