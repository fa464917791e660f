import { Compass } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Notice } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Notice
      icon={<Compass className="h-6 w-6" aria-hidden />}
      title="Page Not Found"
      description="The page you are looking for does not exist or has moved."
    >
      <Link to={paths.home.getHref()} className={buttonClasses()}>
        Back to Home
      </Link>
      <Link to={paths.brands.getHref()} className={buttonClasses({ variant: 'outline' })}>
        Browse Brands
      </Link>
    </Notice>
  );
}
