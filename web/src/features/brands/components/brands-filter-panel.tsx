import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  BRAND_CATEGORIES,
  BRAND_COUNTRIES,
  BRAND_VALUE_TAGS,
  DELIVERY_SCOPES,
  MIN_RATING_OPTIONS,
  PRICE_CATEGORIES,
  PRICE_CATEGORY_LABELS,
} from '@/config/directory';
import type { BrandFilters } from '../lib/brand-filters';
import { FilterSelect, withAll, type FilterOption } from '@/components/ui/filter-select';

const ratingOptions: FilterOption[] = [
  { value: 'any', label: 'Any rating' },
  ...MIN_RATING_OPTIONS.map((rating) => ({ value: String(rating), label: `${rating}+ stars` })),
];

const priceOptions = (current: string): FilterOption[] => {
  const options = withAll(
    'All Prices',
    PRICE_CATEGORIES.map((price) => price),
    current,
  );
  return options.map((option) =>
    option.value in PRICE_CATEGORY_LABELS
      ? { ...option, label: `${option.value} ${PRICE_CATEGORY_LABELS[option.value as keyof typeof PRICE_CATEGORY_LABELS]}` }
      : option,
  );
};

/** Every /brands filter of the spec, each a select; changes apply at once. */
export function BrandsFilterPanel({
  filters,
  hashtags,
  onChange,
  onReset,
}: {
  filters: BrandFilters;
  hashtags: readonly string[];
  onChange: (next: Partial<BrandFilters>) => void;
  onReset: () => void;
}) {
  return (
    <div className="space-y-4">
      <FilterSelect
        label="Category"
        value={filters.category}
        options={withAll('All Categories', BRAND_CATEGORIES, filters.category)}
        onChange={(category) => onChange({ category })}
      />
      <FilterSelect
        label="Location"
        value={filters.location}
        options={withAll('All Countries', BRAND_COUNTRIES, filters.location)}
        onChange={(location) => onChange({ location })}
      />
      <FilterSelect
        label="Delivery"
        value={filters.delivery}
        options={withAll('All Delivery', DELIVERY_SCOPES, filters.delivery)}
        onChange={(delivery) => onChange({ delivery })}
      />
      <FilterSelect
        label="Rating"
        value={filters.rating}
        options={
          ratingOptions.some((option) => option.value === filters.rating)
            ? ratingOptions
            : [...ratingOptions, { value: filters.rating, label: `${filters.rating}+ stars` }]
        }
        onChange={(rating) => onChange({ rating })}
      />
      <FilterSelect
        label="Price"
        value={filters.priceCategory}
        options={priceOptions(filters.priceCategory)}
        onChange={(priceCategory) => onChange({ priceCategory })}
      />
      <FilterSelect
        label="Brand Characteristics"
        value={filters.tag}
        options={withAll('All Characteristics', BRAND_VALUE_TAGS, filters.tag)}
        onChange={(tag) => onChange({ tag })}
      />
      <FilterSelect
        label="Hashtag"
        value={filters.hashtag}
        options={withAll('All Hashtags', hashtags, filters.hashtag)}
        onChange={(hashtag) => onChange({ hashtag })}
      />
      <Button variant="outline" className="w-full" onClick={onReset}>
        <RotateCcw className="h-4 w-4" aria-hidden /> Reset Filters
      </Button>
    </div>
  );
}
