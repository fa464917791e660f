import {
  CONTACT_CATEGORY_LABELS,
  SITE_TIME_ZONE,
  formatInstantIn,
  type ContactCategory,
  type ContactSubmission,
} from '@hunted/contracts';
import { Inbox } from 'lucide-react';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import { useContactSubmissions } from '../api/get-contact-submissions';

const categoryLabel = (category: string) => CONTACT_CATEGORY_LABELS[category as ContactCategory] ?? category;
/** '07/12/2026', the London date of the submission (the admin's records are on the site's clock). */
const shortDate = (iso: string) => formatInstantIn(SITE_TIME_ZONE, Date.parse(iso), 'en-GB');

// On phones (max-md:) each row is a two-column grid: name and category on top, then the email, subject, message and
// date across it.
const COLUMNS: DataColumn<ContactSubmission>[] = [
  {
    id: 'name',
    header: 'Name',
    headerClassName: 'px-4 py-3 sm:pl-6',
    cellClassName: 'px-4 py-3 font-semibold whitespace-nowrap text-stone-900 max-md:p-0 sm:pl-6',
    cell: (submission) => submission.name,
  },
  {
    id: 'email',
    header: 'Email',
    cellClassName: 'px-4 py-3 max-md:col-span-2 max-md:row-start-2 max-md:p-0',
    cell: (submission) => (
      <a
        href={`mailto:${submission.email}`}
        className="text-brand-700 underline-offset-4 hover:underline max-md:break-all md:whitespace-nowrap"
      >
        {submission.email}
      </a>
    ),
  },
  {
    id: 'subject',
    header: 'Subject',
    cellClassName:
      'max-w-[14rem] px-4 py-3 text-stone-800 max-md:col-span-2 max-md:max-w-none max-md:p-0 max-md:pt-2 max-md:font-semibold',
    cell: (submission) => submission.subject,
  },
  {
    id: 'category',
    header: 'Category',
    cellClassName: 'px-4 py-3 whitespace-nowrap max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right',
    cell: (submission) => (
      <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
        {categoryLabel(submission.category)}
      </span>
    ),
  },
  {
    id: 'message',
    header: 'Message',
    cellClassName: 'max-w-xs px-4 py-3 text-stone-600 max-md:col-span-2 max-md:max-w-none max-md:p-0',
    cell: (submission) => (
      <p className="line-clamp-2" title={submission.message}>
        {submission.message}
      </p>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    headerClassName: 'px-4 py-3 sm:pr-6',
    cellClassName:
      'px-4 py-3 whitespace-nowrap text-stone-600 tabular-nums max-md:col-span-2 max-md:p-0 max-md:pt-1 max-md:text-xs max-md:text-stone-500 sm:pr-6',
    cell: (submission) => shortDate(submission.createdAt),
  },
];

export function ContactSubmissions() {
  const submissions = useContactSubmissions();
  const rows = submissions.data?.pages.flatMap((page) => page.items) ?? [];
  const total = submissions.data?.pages.at(-1)?.total ?? 0;
  return (
    <section aria-labelledby="contact-submissions-heading">
      <h2 id="contact-submissions-heading" className="text-xl font-bold text-stone-900">
        Contact Submissions
      </h2>
      <p className="mt-1 text-sm text-stone-500">
        Messages sent through the contact form, newest first
        {rows.length > 0 && rows.length < total ? ` (showing ${rows.length} of ${total})` : ''}.
      </p>

      <DataTable
        className="mt-5"
        read={submissions}
        rows={rows}
        rowKey={(submission) => submission.id}
        columns={COLUMNS}
        stackOnPhones
        tableClassName="md:min-w-[44rem]"
        rowClassName="align-top hover:bg-stone-50/70 max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:p-4"
        loadingLabel="Loading submissions..."
        failedWhat="contact submissions"
        empty={{
          icon: <Inbox className="h-8 w-8 text-stone-300" aria-hidden />,
          description: 'No contact submissions yet.',
        }}
        more={{ list: submissions, label: 'Load more submissions' }}
      />
    </section>
  );
}
