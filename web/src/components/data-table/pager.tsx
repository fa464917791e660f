import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** 'Showing 21–40 of 45' with Previous / Next, for a list read a page at a time. */
export function Pager({
  label,
  offset,
  pageSize,
  shown,
  total,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  pageSize: number;
  shown: number;
  total: number;
  onOffsetChange: (offset: number) => void;
}) {
  if (total <= pageSize && offset === 0) return null;
  const first = shown === 0 ? 0 : offset + 1;
  return (
    <nav aria-label={label} className="mt-5 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-600 tabular-nums">
        Showing {first}–{offset + shown} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + pageSize >= total}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
