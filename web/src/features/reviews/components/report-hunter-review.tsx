import { HUNTER_REVIEW_LIMITS, HUNTER_REVIEW_MESSAGES, type HunterReview } from '@hunted/contracts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { ActionDialog, type ActionOutcome } from '@/components/form/action-dialog';
import { toast } from '@/components/ui/toast';
import { HttpError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/field-errors';
import { useReportHunterReview } from '../api/client-hunter-reviews';

/**
 * 'Report' under a review on a hunter's page: a reason, sent to the admin's queue. Once sent (or found already
 * sent: the API takes one report per member and review) the card says so instead of offering it again.
 */
export function ReportHunterReview({ review }: { review: Pick<HunterReview, 'id' | 'reviewerName'> }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);

  if (reported) return <p className="text-xs text-stone-500">You reported this review.</p>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Report review by ${review.reviewerName}`}
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-stone-500 hover:text-stone-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <Flag className="h-3.5 w-3.5" aria-hidden /> Report
      </button>
      {open ? (
        <ReportDialog
          review={review}
          onOpenChange={setOpen}
          onDone={() => {
            setOpen(false);
            setReported(true);
          }}
        />
      ) : null}
    </>
  );
}

function ReportDialog({
  review,
  onOpenChange,
  onDone,
}: {
  review: Pick<HunterReview, 'id' | 'reviewerName'>;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const report = useReportHunterReview();
  const reportWith = async (reason: string): Promise<ActionOutcome> => {
    try {
      await report.mutateAsync({ reviewId: review.id, reason });
    } catch (failure) {
      // A second report is refused with 409 and the API's own words: the first one stands, so nothing is wrong.
      if (failure instanceof HttpError && failure.status === 409) {
        toast({
          title: serverMessageOf(failure) ?? HUNTER_REVIEW_MESSAGES.alreadyReported,
          description: 'Our team will look at it.',
        });
        onDone();
        return 'done';
      }
      return { problem: serverMessageOf(failure) ?? 'The report could not be sent. Please try again.' };
    }
    toast({ title: 'Thanks for reporting this review', description: 'Our team will look at it.' });
    onDone();
    return 'done';
  };

  return (
    <ActionDialog
      title={`Report review by ${review.reviewerName}`}
      description="Tell us what is wrong with it. Only our team sees your report."
      reason={{
        maxLength: HUNTER_REVIEW_LIMITS.reportReasonMax,
        rows: 3,
        placeholder: 'e.g. It is about a different hunter.',
        requiredMessage: HUNTER_REVIEW_MESSAGES.reasonRequired,
      }}
      confirmLabel="Send report"
      pendingLabel="Sending…"
      onConfirm={reportWith}
      onOpenChange={onOpenChange}
    />
  );
}
