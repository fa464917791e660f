import { ArrowLeft, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

/** Shown to guests only: what signing in unlocks, and a way back. */
export function GuestBanner({ children, back }: { children: ReactNode; back: { to: string; label: string } }) {
  const auth = useAuth();
  if (auth.status !== 'unauthenticated') return null;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50/80 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2">
        <LogIn className="h-4 w-4 shrink-0" aria-hidden />
        <span>{children}</span>
      </p>
      <Link to={back.to} className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start sm:self-auto' })}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
      </Link>
    </div>
  );
}
