import {
  DATA_EXPORT_TTL_DAYS,
  londonWallClock,
  longDateLabel,
  type DataExportService,
  type DataExportView,
} from '@hunted/contracts';
import { CircleAlert, CircleCheck, Download, FileArchive, LoaderCircle } from 'lucide-react';
import { LoadFailed } from '@/components/data-table/load-failed';
import { SettingsSection } from '@/components/settings-section';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/field-errors';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { useCurrentDataExport, useRequestDataExport } from '../api/data-exports';

export const YOUR_DATA_SECTION_ID = 'your-data';

/** What each service's part holds, in the member's words (the progress rows). */
const PART_LABELS: Record<DataExportService, string> = {
  identity: 'Your account',
  brands: 'Brands: votes, saves and submissions',
  reviews: 'Reviews and comments',
  hunters: 'Hunter profile and edits',
  bookings: 'Bookings and payments',
  messaging: 'Messages and emails',
};

/** 'Thursday, 10 December 2026 at 14:30': London's clock, as the email and the rest of the site tell time. */
function untilLabel(instant: string): string {
  const wall = londonWallClock(Date.parse(instant));
  return `${longDateLabel(wall.date)} at ${wall.time}`;
}

/** The sentence for a refusal: the day's allowance (429) or one already being made (409) in the server's words. */
function refusalOf(error: unknown): string {
  return (
    serverMessage(error, 429) ??
    serverMessageOf(error) ??
    'Your data could not be gathered just now. Please try again in a moment.'
  );
}

/**
 * "Your data" on /edit-profile: 'Download my data' starts an export, which every service adds its part to in the
 * background; the member sees each part arrive, then downloads the archive from a link only they can use.
 */
export function YourDataSection() {
  const current = useCurrentDataExport();
  const start = useRequestDataExport();
  useScrollToHash(YOUR_DATA_SECTION_ID, !current.isPending);
  const shown = current.data?.export ?? null;

  return (
    <SettingsSection
      id={YOUR_DATA_SECTION_ID}
      icon={<FileArchive />}
      title="Your data"
      description={
        <>
          A zip archive of everything Hunted holds about you (your account, votes, saves, reviews, hunter profile,
          bookings, payments and messages, with a README explaining each file); we email you when it is ready, and
          you can download it for {DATA_EXPORT_TTL_DAYS} days.
        </>
      }
    >
      {current.isPending ? (
        <Spinner label="Loading your data export..." />
      ) : current.isError ? (
        <div className="rounded-2xl border border-stone-200">
          <LoadFailed error={current.error} what="your data export" onRetry={() => void current.refetch()} />
        </div>
      ) : shown?.status === 'assembling' ? (
        <ExportProgress view={shown} />
      ) : shown?.status === 'ready' && shown.downloadUrl ? (
        <ReadyExport view={shown} downloadUrl={shown.downloadUrl} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            <Download className="h-4 w-4" aria-hidden />
            {start.isPending ? 'Starting...' : 'Download my data'}
          </Button>
          {shown?.status === 'expired' ? (
            <p className="text-sm text-stone-500">Your last archive has expired; you can ask for a new one.</p>
          ) : null}
        </div>
      )}
      {start.isError ? (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {refusalOf(start.error)}
        </p>
      ) : null}
    </SettingsSection>
  );
}

function ExportProgress({ view }: { view: DataExportView }) {
  const ready = view.parts.filter((part) => part.ready).length;
  return (
    <div className="rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-100 sm:p-5">
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <LoaderCircle className="h-4 w-4 animate-spin text-brand-600" aria-hidden />
        Gathering your data: {ready} of {view.parts.length} parts ready
      </p>
      <ul aria-label="Parts of your archive" className="mt-4 grid gap-2 sm:grid-cols-2">
        {view.parts.map((part) => (
          <li
            key={part.service}
            className="flex items-center gap-2.5 rounded-xl bg-white px-3 py-2.5 text-sm text-stone-700 ring-1 ring-stone-100"
          >
            {part.ready ? (
              <CircleCheck className="h-4 w-4 shrink-0 text-emerald-600" aria-label="Ready" />
            ) : (
              <LoaderCircle className="h-4 w-4 shrink-0 animate-spin text-stone-400" aria-label="Waiting" />
            )}
            <span className={part.ready ? 'font-medium text-stone-900' : undefined}>{PART_LABELS[part.service]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReadyExport({ view, downloadUrl }: { view: DataExportView; downloadUrl: string }) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-100 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div>
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
          <CircleCheck className="h-4 w-4" aria-hidden /> Your archive is ready
        </p>
        {view.expiresAt ? (
          <p className="mt-1 text-sm text-emerald-800">Available until {untilLabel(view.expiresAt)}</p>
        ) : null}
      </div>
      {/* A plain link: the browser downloads the zip itself, with the session cookie, however large it is. */}
      <a href={downloadUrl} download className={buttonClasses()}>
        <Download className="h-4 w-4" aria-hidden /> Download archive
      </a>
    </div>
  );
}
