import type { Brand } from '@hunted/contracts';
import { Link2, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useCopyLink } from '../hooks/use-copy-link';
import { brandPageUrl, shareTargets } from '../lib/share';
import { shareTriggerClassName, ShareTriggerLabel } from './share-trigger';

const loadShareDropdown = () => import('./share-dropdown');
const ShareDropdown = lazy(loadShareDropdown);

/**
 * The header's Share menu: Email and Copy link. The menu's code (the dropdown and its positioning, a sixth of the
 * brand page's script) is fetched when the button is first pointed at, focused or pressed, not with the page; a
 * press before it has arrived opens the menu once it has.
 */
export function ShareMenu({ brand }: { brand: Brand }) {
  const [opened, setOpened] = useState(false);
  const trigger = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={shareTriggerClassName}
      onPointerEnter={() => void loadShareDropdown()}
      onFocus={() => void loadShareDropdown()}
      onClick={() => setOpened(true)}
    >
      <ShareTriggerLabel />
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ShareDropdown brand={brand} />
    </Suspense>
  );
}

const networkIcon = {
  whatsapp: <MessageCircle className="h-4 w-4" aria-hidden />,
  facebook: <span className="text-sm leading-none font-extrabold">f</span>,
  x: <span className="text-sm leading-none font-extrabold">𝕏</span>,
  linkedin: <span className="text-xs leading-none font-extrabold">in</span>,
} as const;

/** The sidebar's 'Share this brand' panel: the networks in a new window, and Copy Link. */
export function SharePanel({ brand }: { brand: Brand }) {
  const copy = useCopyLink();
  return (
    <section aria-labelledby="share-heading" className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="share-heading" className="text-base font-bold text-stone-900">
        Share this brand
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {shareTargets(brand).map((target) => (
          <li key={target.key}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-10 items-center gap-2 rounded-xl border border-stone-200 px-3 text-sm font-semibold text-stone-700 transition-colors hover:border-stone-300 hover:bg-stone-50"
            >
              <span className="flex h-5 w-5 items-center justify-center text-stone-500">{networkIcon[target.key]}</span>
              {target.label}
            </a>
          </li>
        ))}
        <li className="col-span-2">
          <button
            type="button"
            onClick={() => void copy(brandPageUrl(brand))}
            className="flex h-10 w-full items-center justify-center gap-2 rounded-xl bg-stone-900 px-3 text-sm font-semibold text-white transition-colors hover:bg-stone-800"
          >
            <Link2 className="h-4 w-4" aria-hidden /> Copy Link
          </button>
        </li>
      </ul>
    </section>
  );
}
