import { REVIEW_LIMITS, type Brand, type ReviewPhoto } from '@hunted/contracts';
import type { ToastInput } from '@/components/ui/toast';

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

/** The carousel's and the gallery's pictures: the brand's image first, then review photos, newest review first. */
export function brandPhotos(brand: Pick<Brand, 'name' | 'imageUrl'>, reviewPhotos: readonly ReviewPhoto[]): BrandPhoto[] {
  const photos: BrandPhoto[] = [{ src: brand.imageUrl, alt: brand.name, credit: brand.name }];
  let previousReview: number | null = null;
  let inReview = 0;
  for (const photo of reviewPhotos) {
    // A review's photos arrive together, so the number within the review restarts when the review changes.
    inReview = photo.reviewId === previousReview ? inReview + 1 : 1;
    previousReview = photo.reviewId;
    photos.push({ src: photo.url, alt: `Photo ${inReview} from ${photo.credit}'s review`, credit: photo.credit });
  }
  return photos;
}

/** Where each review's first photo sits among brandPhotos' pictures (after the brand's own image). */
export function firstPhotoIndexByReview(reviewPhotos: readonly ReviewPhoto[]): Map<number, number> {
  const starts = new Map<number, number>();
  reviewPhotos.forEach((photo, index) => {
    if (!starts.has(photo.reviewId)) starts.set(photo.reviewId, index + 1);
  });
  return starts;
}
