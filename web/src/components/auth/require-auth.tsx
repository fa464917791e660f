import { LockKeyhole } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { toast, type ToastInput } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { goToLogin, useAuth } from '@/lib/auth';

/**
 * A route that exists only for signed-in users. Its page (and so any query for its data) renders only
 * once the current user is known; a guest gets `guest` instead.
 */
export function RequireAuth({ guest, children }: { guest: ReactNode; children?: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'unauthenticated') return <>{guest}</>;
  return <>{children ?? <Outlet />}</>;
}

/** Asks the guest to sign in (the header's button does it) and offers a way back to browsing. */
export function SignInRequired({ description }: { description?: string }) {
  return (
    <Notice icon={<LockKeyhole className="h-6 w-6" aria-hidden />} title="Please sign in" description={description}>
      <Link to={paths.brands.getHref()} className={buttonClasses()}>
        Browse Brands
      </Link>
    </Notice>
  );
}

/** Explains, then sends the guest to sign in after a short pause. */
export function RedirectToLogin({
  title,
  description,
  delayMs,
  notify,
}: {
  title: string;
  description?: string;
  delayMs: number;
  notify?: ToastInput;
}) {
  useEffect(() => {
    if (notify) toast(notify);
    const timer = setTimeout(goToLogin, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, notify]);
  return <Notice icon={<LockKeyhole className="h-6 w-6" aria-hidden />} title={title} description={description} />;
}
