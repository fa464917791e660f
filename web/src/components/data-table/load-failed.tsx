import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { serverMessageOf } from '@/lib/field-errors';

/** A list that could not be loaded, with the server's reason when it gave one. */
export function LoadFailed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-14 text-center">
      <CircleAlert className="h-6 w-6 text-red-500" aria-hidden />
      <p className="mt-3 font-semibold text-stone-900">Could not load the {what}</p>
      <p className="mt-1 text-sm text-stone-500">{serverMessageOf(error) ?? 'Please try again in a moment.'}</p>
      <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
