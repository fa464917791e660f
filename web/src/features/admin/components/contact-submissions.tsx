import { CONTACT_CATEGORY_LABELS, type ContactCategory } from '@hunted/contracts';
import { Inbox } from 'lucide-react';
import { ShowMoreButton } from '@/components/ui/show-more-button';
import { Spinner } from '@/components/ui/spinner';
import { useContactSubmissions } from '../api/get-contact-submissions';
import { LoadFailed } from './load-failed';

const categoryLabel = (category: string) => CONTACT_CATEGORY_LABELS[category as ContactCategory] ?? category;
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB');

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

      <div className="mt-5 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
        {submissions.isPending ? (
          <Spinner label="Loading submissions..." />
        ) : submissions.isError ? (
          <LoadFailed
            error={submissions.error}
            what="contact submissions"
            onRetry={() => void submissions.refetch()}
          />
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-16 text-center">
            <Inbox className="h-8 w-8 text-stone-300" aria-hidden />
            <p className="mt-3 text-sm text-stone-500">No contact submissions yet.</p>
          </div>
        ) : (
          // Phones get each submission as a card: the same rows and cells, laid out as a grid instead of a table.
          <div className="relative md:overflow-x-auto">
            <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
              <thead className="border-b border-stone-200 bg-stone-50/80 text-xs font-semibold tracking-wide text-stone-500 uppercase max-md:hidden">
                <tr>
                  <th scope="col" className="px-4 py-3 sm:pl-6">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Email
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Category
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Message
                  </th>
                  <th scope="col" className="px-4 py-3 sm:pr-6">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100 max-md:block">
                {rows.map((submission) => (
                  <tr
                    key={submission.id}
                    className="align-top hover:bg-stone-50/70 max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:p-4"
                  >
                    <td className="px-4 py-3 font-semibold whitespace-nowrap text-stone-900 max-md:p-0 sm:pl-6">
                      {submission.name}
                    </td>
                    <td className="px-4 py-3 max-md:col-span-2 max-md:row-start-2 max-md:p-0">
                      <a
                        href={`mailto:${submission.email}`}
                        className="text-brand-700 underline-offset-4 hover:underline max-md:break-all md:whitespace-nowrap"
                      >
                        {submission.email}
                      </a>
                    </td>
                    <td className="max-w-[14rem] px-4 py-3 text-stone-800 max-md:col-span-2 max-md:max-w-none max-md:p-0 max-md:pt-2 max-md:font-semibold">
                      {submission.subject}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right">
                      <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
                        {categoryLabel(submission.category)}
                      </span>
                    </td>
                    <td className="max-w-xs px-4 py-3 text-stone-600 max-md:col-span-2 max-md:max-w-none max-md:p-0">
                      <p className="line-clamp-2" title={submission.message}>
                        {submission.message}
                      </p>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-stone-600 tabular-nums max-md:col-span-2 max-md:p-0 max-md:pt-1 max-md:text-xs max-md:text-stone-500 sm:pr-6">
                      {shortDate(submission.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {submissions.hasNextPage && (
        <div className="mt-4">
          <ShowMoreButton list={submissions}>Load more submissions</ShowMoreButton>
        </div>
      )}
    </section>
  );
}
