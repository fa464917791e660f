import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@/config/constants';
import { cn } from './cn';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ShownToast extends ToastInput {
  id: number;
}

// One slot, not a queue: the spec shows at most one toast, and a new one replaces the old.
let current: ShownToast | null = null;
let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: ShownToast | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function dismissToast(): void {
  clearTimeout(hideTimer);
  publish(null);
}

export function toast(input: ToastInput): void {
  clearTimeout(hideTimer);
  const shown = { ...input, id: nextId++ };
  publish(shown);
  hideTimer = setTimeout(() => {
    if (current?.id === shown.id) publish(null);
  }, TOAST_DURATION_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ShownToast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Rendered once, by the app provider. The live region stays mounted so screen readers announce changes. */
export function Toaster() {
  const shown = useCurrentToast();
  const destructive = shown?.variant === 'destructive';
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex justify-center px-3 sm:inset-x-auto sm:top-auto sm:right-5 sm:bottom-5 sm:px-0"
    >
      {shown ? (
        <div
          key={shown.id}
          role="status"
          data-variant={shown.variant ?? 'default'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg ring-1 ring-black/5',
            'relative animate-[toast-in_180ms_ease-out]',
            destructive ? 'border-red-200 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
          )}
        >
          {destructive ? (
            <CircleAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
          )}
          <div className="min-w-0">
            <p className="text-sm font-semibold">{shown.title}</p>
            {shown.description ? (
              <p className={cn('mt-1 text-sm', destructive ? 'text-white' : 'text-stone-600')}>{shown.description}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={dismissToast}
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 rounded-full p-1 transition-colors',
              destructive ? 'text-red-100 hover:bg-red-500' : 'text-stone-400 hover:bg-stone-100 hover:text-stone-700',
            )}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
