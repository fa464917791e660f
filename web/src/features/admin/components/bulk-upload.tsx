import type { CsvRowError } from '@hunted/contracts';
import { CircleAlert, Download, FileSpreadsheet, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { SubmitButton } from '@/components/form/fields';
import { useFormState } from '@/components/form/use-form-state';
import { buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessageOf } from '@/lib/field-errors';
import { csvRowErrorsOf, CSV_TEMPLATE_URL, useUploadBrandsCsv } from '../api/upload-brands-csv';

const REQUIRED_COLUMNS = ['name', 'category', 'location', 'delivery', 'priceCategory'];
const OPTIONAL_COLUMNS = ['description', 'website', 'instagram', 'tiktok', 'tags', 'hashtags'];

/** The multipart field the file goes up in, as the server names it. */
const CSV_FIELDS = ['csv'] as const;

/** What the server said of a refused file: its sentence and the rows it names. */
interface UploadFailure {
  message: string | null;
  rows: CsvRowError[];
}

export function BulkUpload() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useFormState<{ file: File | null }, (typeof CSV_FIELDS)[number]>({
    initialValues: { file: null },
    fields: CSV_FIELDS,
  });
  const { file } = form.values;
  // Not the form's field messages: the whole file is refused, with rows to list. Kept until the admin dismisses it,
  // picks another file or an upload succeeds (a second try of the same file shows it while that one runs).
  const [failure, setFailure] = useState<UploadFailure | null>(null);

  const upload = useUploadBrandsCsv({
    onSuccess: (result) => {
      toast({ title: `Successfully uploaded ${result.count} brands` });
      form.setValue('file', null);
      setFailure(null);
      if (inputRef.current) inputRef.current.value = '';
    },
    onError: (error) => {
      const message = serverMessageOf(error);
      toast({ variant: 'destructive', title: 'Failed to upload CSV', description: message ?? undefined });
      setFailure({ message, rows: csvRowErrorsOf(error) });
    },
  });

  const submit = form.handleSubmit({
    // Upload is off until a file is chosen: nothing to check here, the server checks the whole file.
    validate: () => ({}),
    send: async ({ file: chosen }) => {
      if (!chosen || upload.isPending) return null;
      // The refusal is shown from onError above (the failure, the toast), not as field messages.
      await upload.mutateAsync(chosen).catch(() => undefined);
      return null;
    },
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-stone-900">
          Bulk Upload
        </h2>
        <p className="mt-1 text-sm text-stone-500">
          Add many brands at once from a CSV file. The whole file is checked first: if any row is wrong, nothing is
          added.
        </p>

        <ol className="mt-6 space-y-6">
          <Step number={1} title="Download the template">
            <a href={CSV_TEMPLATE_URL} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <Download className="h-4 w-4" aria-hidden /> Download CSV template
            </a>
          </Step>
          <Step number={2} title="Choose your file and upload it">
            <form ref={form.formRef} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <label
                htmlFor={`${id}-file`}
                className="relative flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-stone-50 px-3.5 py-2 text-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100"
              >
                <FileSpreadsheet className="h-5 w-5 shrink-0 text-stone-400" aria-hidden />
                <span className={file ? 'truncate font-medium text-stone-900' : 'text-stone-500'}>
                  {file ? file.name : 'Choose a .csv file'}
                </span>
                <input
                  ref={inputRef}
                  id={`${id}-file`}
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  className="sr-only"
                  onChange={(event) => {
                    form.setValue('file', event.target.files?.[0] ?? null);
                    setFailure(null);
                  }}
                />
              </label>
              <SubmitButton
                size="md"
                pending={upload.isPending}
                canSubmit={file !== null}
                icon={<Upload className="h-4 w-4" aria-hidden />}
                label="Upload"
                pendingLabel="Uploading..."
              />
            </form>
          </Step>
        </ol>

        {failure ? (
          <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="flex gap-2.5">
                <CircleAlert className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden />
                <div>
                  <p className="font-semibold text-red-800">Failed to upload CSV</p>
                  {failure.message ? <p className="mt-0.5 text-sm text-red-700">{failure.message}</p> : null}
                </div>
              </div>
              <button
                type="button"
                onClick={() => setFailure(null)}
                aria-label="Dismiss"
                className="rounded-full p-1 text-red-400 hover:bg-red-100 hover:text-red-700"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
            {failure.rows.length > 0 ? (
              <ul
                aria-label="Rows to fix"
                className="mt-3 max-h-72 space-y-1.5 overflow-y-auto pl-7 text-sm text-red-800"
              >
                {failure.rows.map((row) => (
                  <li key={`${row.line}-${row.column}-${row.message}`} className="rounded-lg bg-white/70 px-3 py-1.5">
                    Line {row.line}, {row.column}: {row.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <aside className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h3 className="font-bold text-stone-900">File format</h3>
        <dl className="mt-4 space-y-4 text-sm">
          <div>
            <dt className="font-semibold text-stone-800">Required columns</dt>
            <dd className="mt-1.5">
              <Columns names={REQUIRED_COLUMNS} />
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-stone-800">Optional columns</dt>
            <dd className="mt-1.5">
              <Columns names={OPTIONAL_COLUMNS} />
            </dd>
          </div>
        </dl>
        <ul className="mt-5 list-disc space-y-1.5 pl-5 text-sm leading-6 text-stone-600">
          <li>Separate several tags or hashtags with the pipe character: Handmade|Gives Back.</li>
          <li>Website links start with https://; Instagram and TikTok handles include the @.</li>
          <li>Category, location, delivery and price must be values the site offers (see the template).</li>
        </ul>
      </aside>
    </section>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-stone-900 text-xs font-bold text-white">
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <p className="mb-3 font-semibold text-stone-900">{title}</p>
        {children}
      </div>
    </li>
  );
}

function Columns({ names }: { names: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {names.map((name) => (
        <li key={name} className="rounded-md bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-700">
          {name}
        </li>
      ))}
    </ul>
  );
}
