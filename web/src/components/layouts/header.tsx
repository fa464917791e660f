import { Menu, MessageCircle, Shield } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Deferred } from '@/components/deferred';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { goToLogin, useAuth, type User } from '@/lib/auth';
import { ProfileButton } from './profile-button';
import { lazyNamed } from '@/lib/lazy-named';

const ProfileMenu = lazyNamed(() => import('./profile-menu'), 'ProfileMenu');

const navLinks = [
  { to: paths.today.getHref(), label: 'Today' },
  { to: paths.brands.getHref(), label: 'Brands' },
  { to: paths.bookAHunter.getHref(), label: 'Book a Hunter' },
  { to: paths.becomeHunter.getHref(), label: 'Become a Hunter' },
];

/** The message icon's link, given by the app so it can carry the messaging feature's live unread count. */
export type RenderMessagesLink = (className: string) => ReactNode;

export function Header({ renderMessagesLink }: { renderMessagesLink?: RenderMessagesLink }) {
  const auth = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <MobileMenu />
        <Link to={paths.home.getHref()} className="group mr-auto flex min-w-0 items-center gap-2.5 md:mr-6">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-lg font-extrabold text-white shadow-sm">
            H
          </span>
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="text-lg font-extrabold tracking-tight text-stone-900">Hunted</span>
            <span className="truncate text-[11px] font-medium text-stone-500 sm:text-xs">
              Discover Independent Brands
            </span>
          </span>
        </Link>

        <nav aria-label="Main" className="mr-auto hidden items-center gap-6 md:flex">
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'text-sm font-medium transition-colors',
                  isActive
                    ? 'text-stone-900 underline decoration-brand-600 decoration-2 underline-offset-[10px]'
                    : 'text-stone-500 hover:text-stone-900',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex shrink-0 items-center gap-1.5">
          {auth.status === 'loading' ? (
            <Button variant="outline" size="sm" disabled>
              Loading...
            </Button>
          ) : auth.status === 'unauthenticated' ? (
            <Button size="sm" onClick={goToLogin}>
              Sign In
            </Button>
          ) : (
            <SignedInControls user={auth.user} renderMessagesLink={renderMessagesLink} />
          )}
        </div>
      </div>
    </header>
  );
}

function SignedInControls({ user, renderMessagesLink }: { user: User; renderMessagesLink?: RenderMessagesLink }) {
  const iconLink =
    'inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-900';
  return (
    <>
      {renderMessagesLink ? (
        renderMessagesLink(iconLink)
      ) : (
        <Link to={paths.messages.getHref()} aria-label="Messages" className={iconLink}>
          <MessageCircle className="h-5 w-5" aria-hidden />
        </Link>
      )}
      <Link to={paths.admin.getHref()} aria-label="Admin" className={iconLink}>
        <Shield className="h-5 w-5" aria-hidden />
      </Link>
      {/* The menu's code (the dropdown and its positioning) after the page has drawn, not before it. */}
      <Deferred fallback={<ProfileButton user={user} />}>
        <ProfileMenu user={user} />
      </Deferred>
    </>
  );
}

/**
 * The spec hides the navigation links on small screens; this menu keeps them one tap away there. A plain
 * disclosure (not Radix's menu), so a guest's first script stays small.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        button.current?.focus();
      } else if (panel.current?.contains(event.target as Node) || button.current?.contains(event.target as Node))
        return;
      setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  return (
    <div className="relative -ml-2 shrink-0 md:hidden">
      <button
        ref={button}
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls="mobile-nav"
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      {open ? (
        <div
          ref={panel}
          id="mobile-nav"
          className="absolute top-12 left-0 z-50 min-w-52 rounded-2xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <nav aria-label="Main">
            <ul>
              {navLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={() => setOpen(false)}
                    className="flex rounded-xl px-3 py-2.5 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </div>
  );
}
