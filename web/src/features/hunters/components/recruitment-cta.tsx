import { ArrowRight, LogIn } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * The recruitment page's call to action: a signed-in user goes on to create a hunter profile; a guest signs up or
 * in first (a full navigation to identity) and comes back to this page.
 */
export function RecruitmentCta({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const auth = useAuth();
  const className = buttonClasses({
    size: 'lg',
    className: cn(tone === 'dark' && 'bg-white !text-stone-900 hover:bg-stone-100 active:bg-stone-200'),
  });

  if (auth.status === 'loading') {
    return (
      <span
        aria-hidden
        className={cn(
          'inline-flex h-12 w-56 animate-pulse rounded-full',
          tone === 'dark' ? 'bg-white/20' : 'bg-stone-200',
        )}
      />
    );
  }
  if (auth.status === 'authenticated') {
    return (
      <Link to={paths.createHunterProfile.getHref()} className={className}>
        Create your hunter profile <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>
    );
  }
  return (
    <a href={paths.login.getHref(paths.becomeHunter.getHref())} className={className}>
      <LogIn className="h-4 w-4" aria-hidden /> Sign up / Sign in
    </a>
  );
}
