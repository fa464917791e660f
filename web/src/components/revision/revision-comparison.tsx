import { VETTED_FIELD_LABELS, VETTED_HUNTER_FIELDS, type HunterRevision, type VettedHunterField } from '@hunted/contracts';
import { cn } from '@/components/ui/cn';

/** One value of a vetted field as people read it: a photo as the photo, a list as its entries, none as "None". */
function ValueOf({ field, value, name }: { field: VettedHunterField; value: unknown; name: string }) {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-stone-400 italic">None</span>;
  }
  if (field === 'profileImageUrl') {
    return <img src={String(value)} alt={`${name} photo`} className="h-20 w-20 rounded-xl object-cover" />;
  }
  if (Array.isArray(value)) return <span>{value.join(', ')}</span>;
  return <span className="break-words whitespace-pre-line">{String(value)}</span>;
}

/**
 * A revision's changed fields, the approved value beside the proposed one (decision 0089): the admin's before and
 * after, and the hunter's "live now" and "waiting for review". Only the fields it changes are listed.
 */
export function RevisionComparison({
  revision,
  beforeLabel,
  afterLabel,
  caption,
  className,
}: {
  revision: Pick<HunterRevision, 'changes' | 'live'>;
  beforeLabel: string;
  afterLabel: string;
  caption: string;
  className?: string;
}) {
  const fields = VETTED_HUNTER_FIELDS.filter((field) => field in revision.changes);
  return (
    <table className={cn('w-full table-fixed border-collapse text-left text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase">
          <th scope="col" className="w-24 py-2 pr-3 font-semibold sm:w-32">
            Field
          </th>
          <th scope="col" className="py-2 pr-3 font-semibold">
            {beforeLabel}
          </th>
          <th scope="col" className="py-2 font-semibold">
            {afterLabel}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field} className="border-b border-stone-100 align-top last:border-0">
            <th scope="row" className="py-2.5 pr-3 font-medium text-stone-700">
              {VETTED_FIELD_LABELS[field]}
            </th>
            <td className="py-2.5 pr-3 text-stone-600">
              <ValueOf field={field} value={revision.live[field]} name={beforeLabel} />
            </td>
            <td className="py-2.5 font-medium text-stone-900">
              <ValueOf field={field} value={revision.changes[field]} name={afterLabel} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
