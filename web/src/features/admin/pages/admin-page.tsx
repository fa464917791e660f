import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export function AdminPage() {
  return (
    <Page title="Admin Dashboard" description="Brand management, bulk uploads and contact submissions.">
      <Link
        to={paths.home.getHref()}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to site
      </Link>
    </Page>
  );
}
