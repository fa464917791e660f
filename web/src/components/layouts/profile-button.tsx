import { Avatar } from '@/components/ui/avatar';
import type { User } from '@/lib/auth';

export const PROFILE_BUTTON_CLASSES =
  'ml-1 flex items-center gap-2 rounded-full border border-stone-200 bg-white p-1 sm:pr-3 text-sm font-semibold text-stone-800 shadow-xs transition-colors hover:border-stone-300 hover:bg-stone-50 data-[state=open]:border-stone-300';

/** The profile menu's button as it looks while the menu's code loads: same size, so nothing moves. */
export function ProfileButton({ user }: { user: User }) {
  return (
    <button type="button" disabled className={PROFILE_BUTTON_CLASSES}>
      <Avatar src={user.profileImageUrl} className="h-8 w-8" />
      <span className="max-w-24 truncate max-sm:sr-only">{user.firstName || 'User'}</span>
    </button>
  );
}
