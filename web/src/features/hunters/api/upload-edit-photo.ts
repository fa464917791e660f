import type { HunterEditPhoto, HunterEditPhotoInput } from '@hunted/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** `POST /api/hunter-edits/photos`: one item photo (a data URL, 5 MB at most); its `url` goes in the item. */
export function uploadEditPhoto(photo: string): Promise<HunterEditPhoto> {
  return request<HunterEditPhoto>('POST', '/api/hunter-edits/photos', { photo } satisfies HunterEditPhotoInput);
}

export function useUploadEditPhoto() {
  return useMutation({ mutationFn: uploadEditPhoto });
}
