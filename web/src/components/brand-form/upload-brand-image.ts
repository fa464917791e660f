import type { BrandImageInput, BrandImageResponse } from '@hunted/contracts';
import { request } from '@/lib/api-client';

/**
 * `POST /api/brand-images`: a brand form's image, uploaded inline (a data URL under 5 MB). Brands stores it cleaned
 * and answers the site URL the form sends as the brand's `imageUrl` (decision 0093).
 */
export function uploadBrandImage(image: string): Promise<BrandImageResponse> {
  return request<BrandImageResponse>('POST', '/api/brand-images', { image } satisfies BrandImageInput);
}
