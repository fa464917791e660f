import type { Brand } from '@hunted/contracts';
import { Eye, Pencil, Plus, Search, Star, ThumbsUp, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/field-errors';
import { useAdminBrands } from '../api/get-admin-brands';
import { useDeleteAdminBrand } from '../api/save-admin-brand';
import { CreateBrandDialog, EditBrandDialog } from './brand-dialog';
import { LoadFailed } from './load-failed';

export function BrandManagement() {
  const brands = useAdminBrands();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Brand | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const remove = useDeleteAdminBrand({
    onSuccess: () => toast({ title: 'Brand deleted successfully' }),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: serverMessageOf(error) ?? 'Failed to delete brand' }),
  });

  const shown = useMemo(() => {
    const all = brands.data ?? [];
    const term = deferredSearch.trim().toLowerCase();
    if (!term) return all;
    return all.filter((brand) =>
      [brand.name, brand.category, brand.location].some((text) => text.toLowerCase().includes(term)),
    );
  }, [brands.data, deferredSearch]);

  return (
    <section aria-labelledby="brand-management-heading">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="brand-management-heading" className="text-xl font-bold text-stone-900">
            Brands
          </h2>
          <p className="mt-1 text-sm text-stone-500">
            {brands.data ? `${brands.data.length} brand${brands.data.length === 1 ? '' : 's'} in the directory` : ' '}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative sm:w-64">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-stone-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search brands"
              placeholder="Search brands"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-10"
            />
          </div>
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Brand
          </Button>
        </div>
      </div>

      <div className="mt-5 overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
        {brands.isPending ? (
          <Spinner label="Loading brands..." />
        ) : brands.isError ? (
          <LoadFailed error={brands.error} what="brands" onRetry={() => void brands.refetch()} />
        ) : shown.length === 0 ? (
          <p className="px-6 py-16 text-center text-sm text-stone-500">
            {brands.data.length === 0 ? 'No brands yet. Add the first one.' : 'No brands match your search.'}
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 bg-stone-50/80 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 sm:pl-6">
                    Name
                  </th>
                  <th scope="col" className="hidden px-4 py-3 lg:table-cell">
                    Description
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Category
                  </th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">
                    Location
                  </th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                    Stats
                  </th>
                  <th scope="col" className="px-4 py-3 text-right sm:pr-6">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {shown.map((brand) => (
                  <BrandRow key={brand.id} brand={brand} onEdit={setEditing} onDelete={setDeleting} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <CreateBrandDialog open={creating} onOpenChange={setCreating} />
      <EditBrandDialog brand={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Are you sure you want to delete this brand?"
        description={
          deleting ? `${deleting.name} will be removed with its votes and saves. This cannot be undone.` : undefined
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </section>
  );
}

function BrandRow({
  brand,
  onEdit,
  onDelete,
}: {
  brand: Brand;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}) {
  return (
    <tr className="align-middle transition-colors hover:bg-stone-50/70">
      <td className="px-4 py-3 sm:pl-6">
        <div className="flex items-center gap-3">
          <span className="h-10 w-10 shrink-0 overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200">
            {brand.imageUrl ? <img src={brand.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover" /> : null}
          </span>
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 font-semibold text-stone-900">
              <span className="line-clamp-2 sm:max-w-[16rem]">{brand.name}</span>
              {brand.featured ? (
                <Star className="h-3.5 w-3.5 shrink-0 fill-amber-400 text-amber-400" aria-label="Featured" />
              ) : null}
            </p>
            <p className="text-xs text-stone-500 md:hidden">
              {brand.category} · {brand.location}
            </p>
            <div className="mt-1 sm:hidden">
              <BrandStats brand={brand} />
            </div>
          </div>
        </div>
      </td>
      <td className="hidden max-w-xs px-4 py-3 text-stone-600 lg:table-cell">
        <p className="line-clamp-2" title={brand.description}>
          {brand.description}
        </p>
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-stone-700 md:table-cell">{brand.category}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-stone-700 md:table-cell">{brand.location}</td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <BrandStats brand={brand} />
      </td>
      <td className="py-3 pr-2 sm:pr-6 sm:pl-4">
        <div className="flex justify-end">
          <Link
            to={paths.brand.getHref(brand.id)}
            aria-label={`View ${brand.name}`}
            title="View"
            className="rounded-full p-2 text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-900"
          >
            <Eye className="h-4 w-4" aria-hidden />
          </Link>
          <button
            type="button"
            onClick={() => onEdit(brand)}
            aria-label={`Edit ${brand.name}`}
            title="Edit"
            className="rounded-full p-2 text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-900"
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => onDelete(brand)}
            aria-label={`Delete ${brand.name}`}
            title="Delete"
            className="rounded-full p-2 text-stone-500 transition-colors hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Votes, views and rating (to 1 decimal). Shown once per row: in its own column, or under the name on phones. */
function BrandStats({ brand }: { brand: Brand }) {
  return (
    <dl className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600">
      <Stat icon={<ThumbsUp aria-hidden />} label="Votes" value={String(brand.votes)} />
      <Stat icon={<Eye aria-hidden />} label="Views" value={String(brand.views)} />
      <Stat icon={<Star aria-hidden />} label="Rating" value={Number(brand.rating).toFixed(1)} />
    </dl>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-1 whitespace-nowrap [&_svg]:h-3.5 [&_svg]:w-3.5 [&_svg]:text-stone-400">
      <dt className="sr-only">{label}</dt>
      {icon}
      <dd className="font-medium text-stone-800 tabular-nums">{value}</dd>
    </div>
  );
}
