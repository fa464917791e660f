import {
  BRAND_VALUE_TAGS,
  HUNTER_LANGUAGES,
  HUNTER_LOCATIONS,
  HUNTER_SERVICES,
  HUNTER_SORT_LABELS,
  HUNTER_SORTS,
  HUNTER_SPECIALTIES,
  PRICE_BAND_RANGES,
  PRICE_BANDS,
} from '@hunted/contracts';
import { RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { BrandPicker } from '@/components/brand-picker/brand-picker';
import { Button } from '@/components/ui/button';
import { useDirectoryBrand } from '@/lib/directory-brands';
import { brandIdOf, type HunterFilters } from '../lib/hunter-filters';
import { FilterSelect, withAll, withAllOptions } from '@/components/ui/filter-select';

const priceOptions = PRICE_BANDS.map((band) => ({ value: band, label: PRICE_BAND_RANGES[band].label }));
const sortOptions = HUNTER_SORTS.map((sort) => ({ value: sort, label: HUNTER_SORT_LABELS[sort] }));

/** Every /book-a-hunter filter of the spec, each a select; changes apply at once. */
export function HuntersFilterPanel({
  filters,
  onChange,
  onReset,
}: {
  filters: HunterFilters;
  onChange: (next: Partial<HunterFilters>) => void;
  onReset: () => void;
}) {
  return (
    <div className="space-y-4">
      <FilterSelect
        label="Sort by"
        value={filters.sort}
        options={withAllOptions(HUNTER_SORT_LABELS.rating, sortOptions.slice(1), filters.sort, 'rating')}
        onChange={(sort) => onChange({ sort })}
      />
      <FilterSelect
        label="Price per session"
        value={filters.price}
        options={withAllOptions('All Prices', priceOptions, filters.price)}
        onChange={(price) => onChange({ price })}
      />
      <FilterSelect
        label="Location"
        value={filters.location}
        options={withAll('All Countries', HUNTER_LOCATIONS, filters.location)}
        onChange={(location) => onChange({ location })}
      />
      <FilterSelect
        label="Specialty"
        value={filters.specialty}
        options={withAll('All Specialties', HUNTER_SPECIALTIES, filters.specialty)}
        onChange={(specialty) => onChange({ specialty })}
      />
      <FilterSelect
        label="Service"
        value={filters.service}
        options={withAll('All Services', HUNTER_SERVICES, filters.service)}
        onChange={(service) => onChange({ service })}
      />
      <FilterSelect
        label="Speaks"
        value={filters.language}
        options={withAll('Any Language', HUNTER_LANGUAGES, filters.language)}
        onChange={(language) => onChange({ language })}
      />
      <BrandFilter value={filters.brand} onChange={(brand) => onChange({ brand })} />
      <FilterSelect
        label="Brand values"
        value={filters.valueTag}
        options={withAll('All Values', BRAND_VALUE_TAGS, filters.valueTag)}
        onChange={(valueTag) => onChange({ valueTag })}
      />
      <Button variant="outline" className="w-full" onClick={onReset}>
        <RotateCcw className="h-4 w-4" aria-hidden /> Reset Filters
      </Button>
    </div>
  );
}

/** 'Brand': hunters who know one directory brand, picked by search; the address keeps its id. */
function BrandFilter({ value, onChange }: { value: string; onChange: (brand: string) => void }) {
  const id = useId();
  const brandId = brandIdOf(value);
  const brand = useDirectoryBrand(brandId);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-semibold tracking-wide text-stone-500 uppercase">
        Brand
      </label>
      <BrandPicker
        id={id}
        value={brandId !== null ? (brand.data ?? null) : null}
        placeholder="Any brand"
        onChange={(picked) => {
          const next = picked ? String(picked.id) : '';
          if (next !== value) onChange(next);
        }}
      />
    </div>
  );
}
