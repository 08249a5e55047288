import { ApiError, opsRequestBlob } from './api-client';

/**
 * A Blob as a data: URL. The back office's Content-Security-Policy allows images from
 * `'self' data:` only, so an object URL (blob:) would be blocked; a data URL is a string that
 * goes away with the <img> and the query (no URL to revoke).
 */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ApiError('BAD_RESPONSE', 'The image could not be read', 200));
    reader.readAsDataURL(blob);
  });
}

/**
 * GET an image from an /ops route with the operator's Authorization header (an <img src>
 * pointing at the route could not send it), as a data: URL; a type outside `types` is refused.
 */
export async function fetchOpsImage(path: string, types: readonly string[]): Promise<string> {
  const blob = await opsRequestBlob(path, types.join(', '));
  if (!types.includes(blob.type))
    throw new ApiError('BAD_RESPONSE', `Not an image of the expected type (${blob.type || 'no type'})`, 200);
  return readAsDataUrl(blob);
}
