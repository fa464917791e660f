import type { HunterEdit } from '@hunted/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Megaphone, Sparkles } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { lazyNamed } from '@/lib/lazy-named';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useSentEdits } from '../../api/get-sent-edits';
import { hunterKeys } from '../../api/query-keys';
import { useRequestEditPublication } from '../../api/request-edit-publication';
import { PUBLICATION_LABELS } from '../../lib/hunter-edits';

/** The composer's code (and the schema's), loaded only when a hunter opens it. */
const EditComposer = lazyNamed(() => import('./edit-composer'), 'EditComposer');

const PUBLICATION_TONES: Record<Exclude<HunterEdit['publication'], 'private'>, BadgeTone> = {
  requested: 'sky',
  published: 'violet',
  declined: 'neutral',
  withdrawn: 'neutral',
};

/**
 * On a held session's row of the hunter's dashboard: 'Send an edit' (the composer, in a dialog) until the edit went,
 * then 'Edit sent' and where its publication stands, with 'Ask to publish' while it is private.
 */
export function BookingEditAction({ booking }: { booking: { id: string; clientName: string } }) {
  const sent = useSentEdits();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const ask = useRequestEditPublication();
  if (sent.isPending) return null;
  const edit = sent.data?.find((candidate) => candidate.bookingId === booking.id);

  if (!edit) {
    return (
      <Dialog open={open} onOpenChange={setOpen}>
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          <Sparkles className="h-4 w-4" aria-hidden /> Send an edit
        </Button>
        {open ? (
          <DialogContent
            title={`Send ${booking.clientName} an edit`}
            description="The brands you talked about, with why each suits them. They'll find it on My bookings and by email."
            className="sm:max-w-3xl"
            // A half-written edit is not lost to a stray click outside, nor to the Escape that closes a brand list.
            onInteractOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (event.target instanceof HTMLElement && event.target.getAttribute('aria-expanded') === 'true') {
                event.preventDefault();
              }
            }}
          >
            <Suspense fallback={<Spinner label="Opening the composer..." />}>
              <EditComposer bookingId={booking.id} clientName={booking.clientName} onSent={() => setOpen(false)} />
            </Suspense>
          </DialogContent>
        ) : null}
      </Dialog>
    );
  }

  const askToPublish = async () => {
    try {
      await ask.mutateAsync(edit.id);
      toast({ title: 'Publish requested', description: `${booking.clientName} will be asked once.` });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not ask to publish',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
      await queryClient.invalidateQueries({ queryKey: hunterKeys.sentEdits() });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2" aria-label={`Edit for ${booking.clientName}`} role="group">
      <Badge tone="emerald">
        <CheckCircle2 aria-hidden /> Edit sent
      </Badge>
      <span className="min-w-0 truncate text-sm text-stone-600" title={edit.title}>
        “{edit.title}”
      </span>
      {edit.publication === 'private' ? (
        <Button size="sm" variant="outline" disabled={ask.isPending} onClick={() => void askToPublish()}>
          <Megaphone className="h-4 w-4" aria-hidden /> Ask to publish
        </Button>
      ) : (
        <Badge tone={PUBLICATION_TONES[edit.publication]}>{PUBLICATION_LABELS[edit.publication]}</Badge>
      )}
    </div>
  );
}
