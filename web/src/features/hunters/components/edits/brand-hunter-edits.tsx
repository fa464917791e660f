import { inHuntersEditsText, type PublishedHunterEdit } from '@hunted/contracts';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { paths } from '@/config/paths';
import { useBrandHunterEdits } from '../../api/get-brand-hunter-edits';
import { HunterPhoto } from '../hunter-photo';
import { EditItemList } from './edit-items';

/**
 * A brand's page: "In {n} hunters' edits" and the published edits that name the brand (title, hunter, items in
 * short). Hidden while no hunter has published one.
 */
export function BrandHunterEdits({ brand }: { brand: { id: number; name: string } }) {
  const edits = useBrandHunterEdits(brand.id);
  const first = edits.data?.pages[0];
  if (!first || (first.hunterCount === 0 && first.edits.length === 0)) return null;
  const loaded = edits.data?.pages.flatMap((page) => page.edits) ?? [];
  return (
    <section aria-labelledby="brand-hunter-edits" data-testid="brand-hunter-edits">
      <h2 id="brand-hunter-edits" className="flex items-center gap-2 text-xl font-bold tracking-tight text-stone-900">
        <Sparkles className="h-5 w-5 text-brand-600" aria-hidden /> {inHuntersEditsText(first.hunterCount)}
      </h2>
      <p className="mt-1 text-sm text-stone-600">Edits hunters made for their clients, published with their consent.</p>
      <ul className="mt-4 space-y-3">
        {loaded.map((edit) => (
          <li key={edit.id}>
            <PublishedEditCard edit={edit} />
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <ShowMoreButton list={edits}>
          {edits.isFetchingNextPage ? 'Loading edits...' : 'Show more edits'}
        </ShowMoreButton>
      </div>
    </section>
  );
}

/** A published edit in short: its title, its hunter (linking to their page), its note and items. */
export function PublishedEditCard({ edit, showHunter = true }: { edit: PublishedHunterEdit; showHunter?: boolean }) {
  const profile = paths.hunter.getHref(edit.hunter);
  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <header className="flex items-center gap-3">
        {showHunter ? (
          <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
            <HunterPhoto
              name={edit.hunter.name}
              src={edit.hunter.profileImageUrl}
              className="h-10 w-10 rounded-full text-sm"
            />
          </Link>
        ) : null}
        <div className="min-w-0">
          <h3 className="font-bold break-words text-stone-900">{edit.title}</h3>
          {showHunter ? (
            <p className="text-sm text-stone-600">
              by{' '}
              <Link to={profile} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {edit.hunter.name}
              </Link>
            </p>
          ) : null}
        </div>
      </header>
      {edit.note ? (
        <p className="mt-3 line-clamp-3 text-sm leading-6 break-words whitespace-pre-line text-stone-600">
          {edit.note}
        </p>
      ) : null}
      <div className="mt-3">
        <EditItemList items={edit.items} />
      </div>
    </article>
  );
}
