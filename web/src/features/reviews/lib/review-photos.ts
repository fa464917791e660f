import { REVIEW_LIMITS, type Brand, type Review, type ReviewPhoto } from '@hunted/contracts';
import type { ToastInput } from '@/components/ui/toast';

/**
 * The index one step away from `index`, wrapping around both ends. Here, not with the lightbox, so the brand
 * page's carousel does not bring the lightbox's dialog code with it.
 */
export function wrapIndex(index: number, by: number, count: number): number {
  return count === 0 ? 0 : (((index + by) % count) + count) % count;
}

/** The image types the reviews service stores (it checks the bytes, too). */
export const REVIEW_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** '10.5 MB', '820 KB', '12 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Why a picked file cannot be attached to a review (the toast to show), or null when it can. */
export function photoProblem(file: Pick<File, 'name' | 'type' | 'size'>): ToastInput | null {
  if (!file.type.startsWith('image/')) {
    return { variant: 'destructive', title: 'Invalid file type', description: 'Please select an image file' };
  }
  if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return {
      variant: 'destructive',
      title: 'Invalid file type',
      description: 'Please select a PNG, JPEG, GIF or WebP image.',
    };
  }
  if (file.size >= REVIEW_LIMITS.photoBytes) {
    return {
      variant: 'destructive',
      title: 'File too large',
      description: `${file.name} is ${formatBytes(file.size)}. Each photo must be smaller than 10MB.`,
    };
  }
  return null;
}

/** The file as a `data:image/...;base64,` URL, the form the review endpoint takes. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** A picture of the brand: its own image or a review photo, with who took it. */
export interface BrandPhoto {
  src: string;
  alt: string;
  /** Shown as 'Photo by {credit}'. */
  credit: string;
}

/** The first picture of the brand's sequence: its own image, credited to the brand. */
export function brandOwnPhoto(brand: Pick<Brand, 'name' | 'imageUrl'>): BrandPhoto {
  return { src: brand.imageUrl, alt: brand.name, credit: brand.name };
}

/** A review photo as the carousel, gallery and lightbox show it. */
export function toBrandPhoto(photo: ReviewPhoto): BrandPhoto {
  return { src: photo.url, alt: `Photo ${photo.position + 1} from ${photo.credit}'s review`, credit: photo.credit };
}

/** One review's own photos, for the lightbox its thumbnails open. */
export function photosOfReview(review: Pick<Review, 'photos' | 'userName'>): BrandPhoto[] {
  return review.photos.map((src, index) => ({
    src,
    alt: `Photo ${index + 1} from ${review.userName}'s review`,
    credit: review.userName,
  }));
}
