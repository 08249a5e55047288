import type { ContentImage } from '@wps/shared/schemas/content';
import { opsRequest } from '../../../lib/api-client';
import { useOpsMutation } from '../../../lib/use-ops-mutation';

/**
 * POST /ops/content/images (content.write): one png, jpg or webp as a data: URL, checked by its
 * bytes (IMAGE_TYPE_INVALID, IMAGE_TOO_LARGE); answers its stored name, address and size. Nothing
 * to refresh: the image is only used once an item names it.
 */
export function uploadContentImage(dataUrl: string): Promise<ContentImage> {
  return opsRequest<ContentImage>('/ops/content/images', { method: 'POST', body: { dataUrl } });
}

export function useUploadContentImage() {
  return useOpsMutation({ mutationFn: uploadContentImage });
}
