import type { Brand } from '@hunted/contracts';
import { Eye, Pencil, Plus, Search, Star, ThumbsUp, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type DataColumn } from '@/components/data-table/data-table';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { serverMessageOf } from '@/lib/field-errors';
import { useAdminBrands } from '../api/get-admin-brands';
import { useDeleteAdminBrand } from '../api/save-admin-brand';
import { CreateBrandDialog, EditBrandDialog } from './brand-dialog';

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
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to delete brand',
      }),
  });

  const shown = useMemo(() => {
    const all = brands.data ?? [];
    const term = deferredSearch.trim().toLowerCase();
    if (!term) return all;
    return all.filter((brand) =>
      [brand.name, brand.category, brand.location].some((text) => text.toLowerCase().includes(term)),
    );
  }, [brands.data, deferredSearch]);
  // The setters never change: the columns are made once.
  const columns = useMemo(() => brandColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

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

      <DataTable
        className="mt-5"
        read={brands}
        rows={shown}
        rowKey={(brand) => brand.id}
        columns={columns}
        rowClassName="align-middle transition-colors hover:bg-stone-50/70"
        loadingLabel="Loading brands..."
        failedWhat="brands"
        empty={{
          description: brands.data?.length === 0 ? 'No brands yet. Add the first one.' : 'No brands match your search.',
        }}
      />

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

/** The table's columns; the name cell carries the category, location and stats on screens too narrow for theirs. */
function brandColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}): DataColumn<Brand>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      headerClassName: 'px-4 py-3 sm:pl-6',
      cellClassName: 'px-4 py-3 sm:pl-6',
      cell: (brand) => (
        <div className="flex items-center gap-3">
          <span className="h-10 w-10 shrink-0 overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200">
            {brand.imageUrl ? (
              <img src={brand.imageUrl} alt="" loading="lazy" className="h-full w-full object-cover" />
            ) : null}
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
      ),
    },
    {
      id: 'description',
      header: 'Description',
      headerClassName: 'hidden px-4 py-3 lg:table-cell',
      cellClassName: 'hidden max-w-xs px-4 py-3 text-stone-600 lg:table-cell',
      cell: (brand) => (
        <p className="line-clamp-2" title={brand.description}>
          {brand.description}
        </p>
      ),
    },
    {
      id: 'category',
      header: 'Category',
      headerClassName: 'hidden px-4 py-3 md:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-stone-700 md:table-cell',
      cell: (brand) => brand.category,
    },
    {
      id: 'location',
      header: 'Location',
      headerClassName: 'hidden px-4 py-3 md:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-stone-700 md:table-cell',
      cell: (brand) => brand.location,
    },
    {
      id: 'stats',
      header: 'Stats',
      headerClassName: 'hidden px-4 py-3 sm:table-cell',
      cellClassName: 'hidden px-4 py-3 sm:table-cell',
      cell: (brand) => <BrandStats brand={brand} />,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      headerClassName: 'px-4 py-3 text-right sm:pr-6',
      cellClassName: 'py-3 pr-2 sm:pr-6 sm:pl-4',
      cell: (brand) => (
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
      ),
    },
  ];
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
