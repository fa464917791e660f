import { ArrowLeft, FileUp, Inbox, LayoutGrid, LockKeyhole, ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { compactTabClasses, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { goToLogin, useAuth } from '@/lib/auth';
import { BrandManagement } from '../components/brand-management';
import { BulkUpload } from '../components/bulk-upload';
import { ContactSubmissions } from '../components/contact-submissions';
import { PublicBrandsRefresh } from '../api/refresh-brands';

/**
 * /admin is open to every visitor, but the console (and every admin request) only renders for an admin: a guest
 * is asked to sign in and a member is told the page is not for them, without asking the server for admin data.
 */
export function AdminPage({ refreshPublicBrands }: { refreshPublicBrands: () => Promise<void> }) {
  const auth = useAuth();
  return (
    <PublicBrandsRefresh value={refreshPublicBrands}>
      <Page title="Admin Dashboard" description="Manage the brand directory, upload brands in bulk and read messages.">
        <Link
          to={paths.home.getHref()}
          className="-mt-4 mb-8 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to site
        </Link>
        {auth.status === 'loading' ? (
          <Spinner />
        ) : auth.status === 'unauthenticated' ? (
          <AccessNotice
            icon={<LockKeyhole className="h-6 w-6" aria-hidden />}
            title="Please sign in"
            description="Sign in with an administrator account to manage brands and read contact submissions."
          >
            <Button onClick={goToLogin}>Sign In</Button>
          </AccessNotice>
        ) : auth.user.isAdmin !== true ? (
          <AccessNotice
            icon={<ShieldX className="h-6 w-6" aria-hidden />}
            title="Not authorised"
            description="Your account does not have access to the admin console. If you think it should, ask a Hunted administrator."
          >
            <Link to={paths.brands.getHref()} className={buttonClasses()}>
              Browse Brands
            </Link>
          </AccessNotice>
        ) : (
          <AdminConsole />
        )}
      </Page>
    </PublicBrandsRefresh>
  );
}

function AdminConsole() {
  return (
    <Tabs defaultValue="brands">
      <TabsList aria-label="Admin sections" className="grid grid-cols-3 sm:flex">
        <TabsTrigger value="brands" className={compactTabClasses}>
          <LayoutGrid aria-hidden /> Brand Management
        </TabsTrigger>
        <TabsTrigger value="upload" className={compactTabClasses}>
          <FileUp aria-hidden /> Bulk Upload
        </TabsTrigger>
        <TabsTrigger value="contact" className={compactTabClasses}>
          <Inbox aria-hidden /> Contact Submissions
        </TabsTrigger>
      </TabsList>
      <TabsContent value="brands">
        <BrandManagement />
      </TabsContent>
      <TabsContent value="upload">
        <BulkUpload />
      </TabsContent>
      <TabsContent value="contact">
        <ContactSubmissions />
      </TabsContent>
    </Tabs>
  );
}

function AccessNotice({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm sm:px-10">
      <div className="mb-5 flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        {icon}
      </div>
      <h2 className="text-xl font-bold text-stone-900 sm:text-2xl">{title}</h2>
      <p className="mt-2 text-sm leading-6 text-stone-600 sm:text-base">{description}</p>
      <div className="mt-7">{children}</div>
    </div>
  );
}
