import { hunterPagePath, londonWallClock, mediumDateLabel, type HunterEdit } from '@hunted/contracts';
import { Check, EyeOff, Heart, Megaphone, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { handleUnauthorized } from '@/lib/unauthorized';
import { useAnswerEditPublication } from '../../api/answer-edit-publication';
import { useReceivedEdits } from '../../api/get-received-edits';
import { useWithdrawEditConsent } from '../../api/withdraw-edit-consent';
import { HunterPhoto } from '../hunter-photo';
import { EditItemCards } from './edit-items';

/**
 * Saves several directory brands to the member's favourites. The brands feature owns saves; the route hands its
 * mutation in, as features do not import each other.
 */
export type UseSaveBrands = () => {
  mutateAsync: (brandIds: number[]) => Promise<unknown>;
  isPending: boolean;
};

/** The London date of an instant, e.g. '3 Dec 2026' ('' for one that cannot be read). */
export function sentDateLabel(instant: string): string {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? '' : mediumDateLabel(londonWallClock(time).date);
}

/** Where on /my-bookings the edits begin (`/my-bookings#edits`). */
export const RECEIVED_EDITS_ANCHOR = 'edits';

/**
 * /my-bookings' 'Edits from your hunters': each edit a hunter sent after a held session, its items linking to their
 * brands' pages, 'Save all brands', the one question of publishing it when the hunter asked, and once published
 * 'Withdraw consent' (asked in a dialog). Hidden while there are none.
 */
export function ReceivedEdits({ useSaveBrands }: { useSaveBrands: UseSaveBrands }) {
  const edits = useReceivedEdits();
  const loaded = edits.data?.pages.flatMap((page) => page.items) ?? [];
  const total = edits.data?.pages.at(-1)?.total ?? loaded.length;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const shown = loaded.length > 0;
  // The edit's email links to /my-bookings#edits; the router does not scroll to an anchor by itself.
  useEffect(() => {
    if (shown && hash === `#${RECEIVED_EDITS_ANCHOR}`) section.current?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);
  if (!shown) return null;
  return (
    <section
      ref={section}
      id={RECEIVED_EDITS_ANCHOR}
      aria-labelledby="received-edits-title"
      className="mt-12 scroll-mt-24"
    >
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2
            id="received-edits-title"
            className="flex items-center gap-2 text-2xl font-bold tracking-tight text-stone-900"
          >
            <Sparkles className="h-5 w-5 text-brand-600" aria-hidden /> Edits from your hunters
          </h2>
          <p className="mt-1 text-sm text-stone-600">Brands your hunters picked for you after your sessions.</p>
        </div>
        <p className="shrink-0 text-sm text-stone-500 tabular-nums">
          {total} {total === 1 ? 'edit' : 'edits'}
        </p>
      </div>
      <ul className="mt-5 space-y-5">
        {loaded.map((edit) => (
          <ReceivedEdit key={edit.id} edit={edit} useSaveBrands={useSaveBrands} />
        ))}
      </ul>
      {edits.hasNextPage ? (
        <div className="mt-6">
          <ShowMoreButton list={edits}>{edits.isFetchingNextPage ? 'Loading edits...' : 'Show more'}</ShowMoreButton>
        </div>
      ) : null}
    </section>
  );
}

function ReceivedEdit({ edit, useSaveBrands }: { edit: HunterEdit; useSaveBrands: UseSaveBrands }) {
  const save = useSaveBrands();
  const [saved, setSaved] = useState(false);
  const brandIds = [...new Set(edit.items.flatMap((item) => (item.brand ? [item.brand.id] : [])))];
  const titleId = `received-edit-${edit.id}`;

  const saveAll = async () => {
    try {
      await save.mutateAsync(brandIds);
      setSaved(true);
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not save the brands',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
    }
  };

  return (
    <li>
      <article
        data-testid="received-edit"
        aria-labelledby={titleId}
        className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-center gap-3">
            <Link to={hunterPagePath(edit.hunter)} tabIndex={-1} aria-hidden className="shrink-0">
              <HunterPhoto
                name={edit.hunter.name}
                src={edit.hunter.profileImageUrl}
                className="h-12 w-12 rounded-full text-base ring-2 ring-white shadow"
              />
            </Link>
            <div className="min-w-0">
              <h3 id={titleId} className="text-lg font-bold tracking-tight break-words text-stone-900">
                {edit.title}
              </h3>
              <p className="text-sm text-stone-600">
                by{' '}
                <Link
                  to={hunterPagePath(edit.hunter)}
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {edit.hunter.name}
                </Link>
                {sentDateLabel(edit.sentAt) ? (
                  <span className="text-stone-500"> · {sentDateLabel(edit.sentAt)}</span>
                ) : null}
              </p>
            </div>
          </div>
          {brandIds.length > 0 ? (
            saved ? (
              <p
                role="status"
                className="inline-flex items-center gap-1.5 self-start rounded-full bg-emerald-50 px-3.5 py-2 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200"
              >
                <Check className="h-4 w-4" aria-hidden /> Saved to your favourites
              </p>
            ) : (
              <Button
                size="sm"
                variant="outline"
                className="self-start"
                disabled={save.isPending}
                onClick={() => void saveAll()}
              >
                <Heart className="h-4 w-4" aria-hidden /> Save all brands
              </Button>
            )
          ) : null}
        </header>

        {edit.note ? (
          <p className="mt-4 rounded-2xl bg-stone-50 px-4 py-3 text-[15px] leading-7 break-words whitespace-pre-line text-stone-700 ring-1 ring-stone-100">
            {edit.note}
          </p>
        ) : null}

        <div className="mt-4">
          <EditItemCards items={edit.items} />
        </div>

        <Publication edit={edit} />
      </article>
    </li>
  );
}

/** The hunter's one request to publish the edit, answered once; then where it stands. */
function Publication({ edit }: { edit: HunterEdit }) {
  const answer = useAnswerEditPublication();
  const hunter = edit.hunter.name;

  const reply = async (allow: boolean) => {
    try {
      await answer.mutateAsync({ editId: edit.id, allow });
      toast(
        allow
          ? { title: 'Edit published', description: `It now shows on ${hunter}'s public page.` }
          : { title: 'Kept private', description: `Only you and ${hunter} can see this edit.` },
      );
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not send your answer',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
    }
  };

  if (edit.publication === 'requested') {
    return (
      <div
        role="group"
        aria-label="Publishing this edit"
        className="mt-5 flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3.5 text-sky-950 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-start gap-2 text-sm">
          <Megaphone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{hunter} would like to publish this edit on their public page.</span>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" disabled={answer.isPending} onClick={() => void reply(true)}>
            Allow
          </Button>
          <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => void reply(false)}>
            Keep private
          </Button>
        </div>
      </div>
    );
  }
  if (edit.publication === 'published') return <PublishedEdit edit={edit} />;
  if (edit.publication === 'withdrawn') {
    return (
      <p className="mt-4 flex items-start gap-2 text-sm text-stone-600">
        <EyeOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>You withdrew your consent: only you and {hunter} can see this edit.</span>
      </p>
    );
  }
  return null;
}

/** A published edit: where it shows, and the client's way to take it back (asked first: it cannot be published again). */
function PublishedEdit({ edit }: { edit: HunterEdit }) {
  const withdraw = useWithdrawEditConsent();
  const [confirming, setConfirming] = useState(false);
  const hunter = edit.hunter.name;

  const confirm = async () => {
    try {
      await withdraw.mutateAsync(edit.id);
      toast({ title: 'Consent withdrawn', description: `Only you and ${hunter} can see this edit now.` });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Could not withdraw your consent',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-stone-600">
        <Badge tone="violet">Published</Badge> on{' '}
        <Link to={hunterPagePath(edit.hunter)} className="font-semibold text-brand-700 hover:underline">
          {hunter}&apos;s page
        </Link>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        disabled={withdraw.isPending}
        onClick={() => setConfirming(true)}
      >
        <EyeOff className="h-4 w-4" aria-hidden /> Withdraw consent
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw your consent?"
        description={`The edit leaves ${hunter}'s public page and the brand pages, and its photos stop being shown to anyone but you and ${hunter}. It cannot be published again.`}
        confirmLabel="Withdraw consent"
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
