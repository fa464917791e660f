import { UserRoundX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { paths } from '@/config/paths';

/** Where a member lands once their account is deleted: already signed out, so open to everyone. */
export function AccountDeletedPage() {
  return (
    <Notice
      icon={<UserRoundX className="h-6 w-6" aria-hidden />}
      title="Your account has been deleted"
      description="You have been signed out everywhere, and Hunted is removing what it held about you. Your reviews and comments stay as 'Former member'. If you sign in again later, you start with a new, empty account."
    >
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        Back to the home page
      </Link>
    </Notice>
  );
}
