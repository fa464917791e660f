import { BRAND_COUNTRIES } from '@hunted/contracts';
import type { SelectHTMLAttributes } from 'react';
import { Select } from '@/components/ui/select';

/** A choice of the product's countries (brands and hunters share them), with nothing chosen until the user picks. */
export function CountrySelect(props: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  return (
    <Select {...props}>
      <option value="" disabled>
        Select a country
      </option>
      {BRAND_COUNTRIES.map((country) => (
        <option key={country} value={country}>
          {country}
        </option>
      ))}
    </Select>
  );
}
