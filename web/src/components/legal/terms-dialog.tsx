import { fullDateLabel, TERMS_PAGE_PATHS, type TermsNotAcceptedBody } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { serverMessageOf } from '@/lib/field-errors';
import { acceptTerms } from './terms-acceptances-api';

const DOCUMENT_NAMES = { terms: 'Terms of Service', hunterTerms: 'Hunter Terms' } as const;

/**
 * "We have updated our terms": the document, the date of its version, a link to read it (in a new tab, so the
 * booking or the profile being saved stays as it is), and "Accept and continue", which records the acceptance.
 */
export default function TermsDialog({
  refusal,
  onAccepted,
  onDismiss,
}: {
  refusal: TermsNotAcceptedBody;
  onAccepted: () => void;
  onDismiss: () => void;
}) {
  const { document, version } = refusal;
  const accept = useMutation({ mutationFn: acceptTerms, onSuccess: onAccepted });
  const name = DOCUMENT_NAMES[document];
  const failure = accept.isError
    ? (serverMessageOf(accept.error) ?? 'We could not record that you accepted. Please try again.')
    : null;

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onDismiss())}>
      <DialogContent
        title="We have updated our terms"
        description={
          <>
            The {name}, version of <time dateTime={version}>{fullDateLabel(version)}</time>.
          </>
        }
        className="sm:max-w-lg"
      >
        <p className="text-sm leading-6 text-stone-700">
          {document === 'terms'
            ? 'Before your next booking, please read the current Terms of Service and accept them.'
            : 'Before you create or change your hunter profile, please read the current Hunter Terms and accept them.'}
        </p>
        <a
          href={TERMS_PAGE_PATHS[document]}
          target="_blank"
          rel="noopener"
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Read the {name}
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {failure ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDismiss}>
            Not now
          </Button>
          <Button disabled={accept.isPending} onClick={() => accept.mutate({ document, version })}>
            {accept.isPending ? 'Saving…' : 'Accept and continue'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
