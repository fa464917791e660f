import { PROFILE_IMAGE_MAX_BYTES } from '@/config/constants';

export type ProfileImageResult = { ok: true; dataUrl: string } | { ok: false; title: string; description: string };

/**
 * Checks a chosen photo and reads it as inline image data, the form in which a profile (the user's or the hunter's)
 * keeps it. The servers check the bytes again; these checks only spare the user a pointless upload. A photo must be
 * under 5MB: exactly 5MB is refused, as the servers do.
 */
export async function readProfileImage(file: File): Promise<ProfileImageResult> {
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) {
    return { ok: false, title: 'File too large', description: 'Please select an image smaller than 5MB' };
  }
  if (!file.type.startsWith('image/')) {
    return { ok: false, title: 'Invalid file type', description: 'Please select an image file' };
  }
  try {
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('empty')));
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsDataURL(file);
    });
    return { ok: true, dataUrl };
  } catch {
    return { ok: false, title: 'Upload failed', description: 'Failed to upload image. Please try again.' };
  }
}
