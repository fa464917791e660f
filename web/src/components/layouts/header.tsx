import {
  CalendarCheck,
  Heart,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageCircle,
  Shield,
  Sparkles,
  UserPen,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { goToLogin, goToLogout, useAuth, type User } from '@/lib/auth';

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
  const firstName = user.firstName || 'User';
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
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className="ml-1 flex items-center gap-2 rounded-full border border-stone-200 bg-white p-1 sm:pr-3 text-sm font-semibold text-stone-800 shadow-xs transition-colors hover:border-stone-300 hover:bg-stone-50 data-[state=open]:border-stone-300">
          <Avatar src={user.profileImageUrl} className="h-8 w-8" />
          <span className="max-w-24 truncate max-sm:sr-only">{firstName}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="flex items-center gap-3">
            <Avatar src={user.profileImageUrl} className="h-10 w-10" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-stone-900">{firstName}</span>
              <span className="block text-xs font-medium text-stone-500">Member</span>
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={paths.editProfile.getHref()}>
              <UserPen aria-hidden /> Edit Profile
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.saved.getHref()}>
              <Heart aria-hidden /> Favourites
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.myBookings.getHref()}>
              <CalendarCheck aria-hidden /> My Bookings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.becomeHunter.getHref()}>
              <Sparkles aria-hidden /> Become a Hunter
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.hunterDashboard.getHref()}>
              <LayoutDashboard aria-hidden /> Hunter Dashboard
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={goToLogout}>
            <LogOut aria-hidden /> Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

/** The spec hides the navigation links on small screens; this menu keeps them one tap away there. */
function MobileMenu() {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Menu"
        className="-ml-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 md:hidden"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-52">
        {navLinks.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
