import { CalendarCheck, Heart, LayoutDashboard, LogOut, Sparkles, UserPen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { goToLogout, type User } from '@/lib/auth';
import { PROFILE_BUTTON_CLASSES } from './profile-button';

/**
 * The signed-in member's menu. Loaded only once someone is signed in (the header shows the same-looking button
 * meanwhile), so a guest's first script carries neither it nor Radix's menu.
 */
export function ProfileMenu({ user }: { user: User }) {
  const firstName = user.firstName || 'User';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={PROFILE_BUTTON_CLASSES}>
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
  );
}
