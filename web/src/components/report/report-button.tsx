import type { ReportableKind } from '@hunted/contracts';
import { Flag } from 'lucide-react';
import { Suspense, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { lazyNamed } from '@/lib/lazy-named';

// The dialog's code comes with the first click: most visitors never report anything.
const ReportDialog = lazyNamed(() => import('./report-dialog'), 'ReportDialog');

/**
 * The one 'Report' of the site, on a brand, a brand review, a comment and a review of a hunter (decision 0101): a
 * quiet link-like button that opens the report dialog (a guest is asked to sign in there). Once sent, it says so
 * instead. The caller leaves it off the viewer's own items.
 */
export function ReportButton({
  kind,
  itemId,
  subject,
  className,
}: {
  kind: ReportableKind;
  itemId: number;
  /** What is reported, for the button's accessible name and the dialog's title: "review by Ada L." */
  subject: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);

  return (
    <>
      {reported && !open ? (
        <span className={cn('inline-flex items-center gap-1 text-xs text-stone-500', className)}>
          <Flag className="h-3.5 w-3.5" aria-hidden /> Reported
        </span>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={`Report ${subject}`}
          aria-haspopup="dialog"
          className={cn(
            'inline-flex items-center gap-1 rounded text-xs font-medium text-stone-500 hover:text-stone-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            className,
          )}
        >
          <Flag className="h-3.5 w-3.5" aria-hidden /> Report
        </button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            kind={kind}
            itemId={itemId}
            subject={subject}
            onOpenChange={setOpen}
            onReported={() => setReported(true)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
