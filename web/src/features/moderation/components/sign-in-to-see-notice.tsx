import { LockKeyhole } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** A guest who followed the email's link signs in and is brought back to the notice (identity's returnTo). */
export function SignInToSeeNotice() {
  const location = useLocation();
  return (
    <Notice
      icon={<LockKeyhole className="h-6 w-6" aria-hidden />}
      title="Please sign in"
      description="Sign in to see why something you posted was hidden, and to appeal."
    >
      <a href={paths.login.getHref(location.pathname)} className={buttonClasses()}>
        Sign in
      </a>
    </Notice>
  );
}
