import type { Brand, BrandRef } from '@hunted/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError, request, toQueryString } from './api-client';

/**
 * A read-only look-up of the public directory (`GET /api/brands?search=`, `GET /api/brands/{id}`) for the brand
 * pickers (a hunter's edit and go-to brands, /book-a-hunter's brand filter) and the booking page's 'about' brand.
 * Shared, since several features pick directory brands and features do not import each other; its answers are only
 * names and pictures, so they live under their own keys and no mutation ever needs to refresh them.
 */
export const directoryBrandKeys = {
  all: ['directory-brands'] as const,
  search: (text: string) => [...directoryBrandKeys.all, 'search', text] as const,
  ref: (id: number) => [...directoryBrandKeys.all, 'ref', id] as const,
};

/** How many brands a picker offers for what was typed. */
export const BRAND_SEARCH_LIMIT = 8;

const toRef = (brand: Pick<Brand, 'id' | 'name' | 'imageUrl'>): BrandRef => ({
  id: brand.id,
  name: brand.name,
  imageUrl: brand.imageUrl,
});

export async function searchDirectoryBrands(text: string): Promise<BrandRef[]> {
  const found = await request<Brand[]>(
    'GET',
    `/api/brands${toQueryString({ search: text, limit: BRAND_SEARCH_LIMIT })}`,
  );
  return Array.isArray(found) ? found.map(toRef) : [];
}

/** One brand's name and picture, or null when the directory has no such brand. */
export async function getDirectoryBrand(id: number): Promise<BrandRef | null> {
  try {
    return toRef(await request<Brand>('GET', `/api/brands/${id}`));
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The brands matching `text` (asked only once something is typed); the last answer stays while the next loads. */
export function useDirectoryBrandSearch(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: directoryBrandKeys.search(search),
    queryFn: () => searchDirectoryBrands(search),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A brand named by id (an address's `?brand=` or `?about=`); nothing is asked for an id that cannot be one. */
export function useDirectoryBrand(id: number | null | undefined) {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: directoryBrandKeys.ref(valid ? id : 0),
    queryFn: () => getDirectoryBrand(id as number),
    enabled: valid,
  });
}
