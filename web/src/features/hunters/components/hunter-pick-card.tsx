import type { HunterPick } from '@hunted/contracts';
import { CalendarClock, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BrandImage } from '@/components/ui/brand-image';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HunterPhoto } from './hunter-photo';

/**
 * The day's Hunter's Pick on /today: the brand a hunter on the rota chose, their two-line note, and the way to
 * the hunter (their public page and their open times).
 */
export function HunterPickCard({ pick }: { pick: HunterPick }) {
  const brandHref = pick.brand ? paths.brand.getHref(pick.brand.id, pick.brand.name) : null;
  const hunterHref = paths.hunter.getHref(pick.hunter);
  return (
    <section
      aria-labelledby="hunter-pick-heading"
      data-testid="hunter-pick"
      className="flex h-full flex-col overflow-hidden rounded-3xl border border-amber-200 bg-white shadow-lg shadow-amber-900/5"
    >
      <div className="flex items-center justify-between gap-3 bg-gradient-to-r from-amber-500 to-orange-500 px-4 py-3 text-white sm:px-5">
        <h2 id="hunter-pick-heading" className="flex items-center gap-2 text-xs font-bold tracking-wide uppercase sm:text-sm">
          <Sparkles className="h-4 w-4" aria-hidden /> Hunter&apos;s Pick
        </h2>
        <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-extrabold whitespace-nowrap text-amber-700">
          Chosen by a hunter
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-center gap-4">
          {brandHref ? (
            <Link to={brandHref} tabIndex={-1} aria-hidden className="block shrink-0">
              <BrandImage src={pick.brand!.imageUrl} name={pick.brandName} className="h-20 w-20 rounded-2xl" />
            </Link>
          ) : null}
          <h3 className="min-w-0 text-2xl font-extrabold tracking-tight text-stone-900">
            {brandHref ? (
              <Link to={brandHref} className="hover:text-amber-700">
                {pick.brandName}
              </Link>
            ) : (
              pick.brandName
            )}
          </h3>
        </div>
        <blockquote className="border-l-4 border-amber-300 pl-4 text-base leading-7 whitespace-pre-line text-stone-700">
          {pick.note}
        </blockquote>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-stone-100 pt-4">
          <Link to={hunterHref} className="flex min-w-0 items-center gap-3 hover:text-amber-700">
            <HunterPhoto name={pick.hunter.name} src={pick.hunter.profileImageUrl} className="h-10 w-10 shrink-0 rounded-full text-sm" />
            <span className="min-w-0 text-sm text-stone-600">
              Picked by <span className="font-semibold text-stone-900">{pick.hunter.name}</span> for today, until
              midnight London time
            </span>
          </Link>
          <Link to={paths.bookSession.getHref(pick.hunter.id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <CalendarClock className="h-4 w-4" aria-hidden /> See open times
          </Link>
        </div>
      </div>
    </section>
  );
}
