import {
  ArrowLeft,
  FileUp,
  Flag,
  Inbox,
  LayoutGrid,
  LockKeyhole,
  Scale,
  ShieldX,
  UserCheck,
  UserRoundX,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { NoticeCard, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { compactTabClasses, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { goToLogin, useAuth } from '@/lib/auth';
import { AccountDeletions } from '../components/account-deletions';
import { BrandManagement } from '../components/brand-management';
import { BulkUpload } from '../components/bulk-upload';
import { ContactSubmissions } from '../components/contact-submissions';
import { BookingDisputes } from '../components/disputes/booking-disputes';
import { ModerationQueue } from '../components/moderation/moderation-queue';
import { HunterPickRota } from '../components/hunter-pick-rota';
import { HunterVetting } from '../components/hunters/hunter-vetting';
import { PublicBrandsRefresh } from '../api/refresh-brands';

/**
 * /admin is open to every visitor, but the console (and every admin request) only renders for an admin: a guest
 * is asked to sign in and a member is told the page is not for them, without asking the server for admin data.
 */
export function AdminPage({ refreshPublicBrands }: { refreshPublicBrands: () => Promise<void> }) {
  const auth = useAuth();
  return (
    <PublicBrandsRefresh value={refreshPublicBrands}>
      <Page
        title="Admin Dashboard"
        description="Manage the brand directory, upload brands in bulk, read messages, vet hunters, settle disputes, decide on what members reported and follow account deletions."
      >
        <Link
          to={paths.home.getHref()}
          className="-mt-4 mb-8 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to site
        </Link>
        {auth.status === 'loading' ? (
          <Spinner />
        ) : auth.status === 'unauthenticated' ? (
          <NoticeCard
            icon={<LockKeyhole className="h-6 w-6" aria-hidden />}
            title="Please sign in"
            description="Sign in with an administrator account to manage brands and read contact submissions."
          >
            <Button onClick={goToLogin}>Sign In</Button>
          </NoticeCard>
        ) : auth.user.isAdmin !== true ? (
          <NoticeCard
            icon={<ShieldX className="h-6 w-6" aria-hidden />}
            title="Not authorised"
            description="Your account does not have access to the admin console. If you think it should, ask a Hunted administrator."
          >
            <Link to={paths.brands.getHref()} className={buttonClasses()}>
              Browse Brands
            </Link>
          </NoticeCard>
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
      <TabsList aria-label="Admin sections" className="grid grid-cols-3 sm:flex sm:flex-wrap">
        <TabsTrigger value="brands" className={compactTabClasses}>
          <LayoutGrid aria-hidden /> Brand Management
        </TabsTrigger>
        <TabsTrigger value="upload" className={compactTabClasses}>
          <FileUp aria-hidden /> Bulk Upload
        </TabsTrigger>
        <TabsTrigger value="contact" className={compactTabClasses}>
          <Inbox aria-hidden /> Contact Submissions
        </TabsTrigger>
        <TabsTrigger value="hunters" className={compactTabClasses}>
          <UserCheck aria-hidden /> Hunters
        </TabsTrigger>
        <TabsTrigger value="disputes" className={compactTabClasses}>
          <Scale aria-hidden /> Disputes
        </TabsTrigger>
        <TabsTrigger value="reports" className={compactTabClasses}>
          <Flag aria-hidden /> Reports
        </TabsTrigger>
        <TabsTrigger value="hunter-pick" className={compactTabClasses}>
          <Sparkles aria-hidden /> Hunter&apos;s Pick
        </TabsTrigger>
        <TabsTrigger value="deletions" className={compactTabClasses}>
          <UserRoundX aria-hidden /> Deletions
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
      <TabsContent value="hunters">
        <HunterVetting />
      </TabsContent>
      <TabsContent value="disputes">
        <BookingDisputes />
      </TabsContent>
      <TabsContent value="reports">
        <ModerationQueue />
      </TabsContent>
      <TabsContent value="hunter-pick">
        <HunterPickRota />
      </TabsContent>
      <TabsContent value="deletions">
        <AccountDeletions />
      </TabsContent>
    </Tabs>
  );
}
