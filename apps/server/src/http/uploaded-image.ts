import { imageSize } from 'image-size';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export type ImageKind = keyof typeof CONTENT_TYPES;

/** What an upload's bytes say it is: its kind (also its file extension), the content type to serve it with, and its size in pixels. */
export type ImageHeader<K extends ImageKind = ImageKind> = {
  kind: K;
  contentType: (typeof CONTENT_TYPES)[K];
  width: number;
  height: number;
};

/**
 * Read an uploaded image's kind and size from its header bytes (image-size), never from its file
 * name or declared type (the security guide). Null when the bytes are not an image of one of the
 * `accepted` kinds with a readable, non-zero size: a file that merely starts with a PNG signature
 * is refused too. Every upload path (content pictures, feedback images, withdrawal proofs) checks
 * here and applies its own byte and pixel limits.
 */
export function readImageHeader<K extends ImageKind>(bytes: Buffer, accepted: readonly K[]): ImageHeader<K> | null {
  if (bytes.length === 0) return null;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  const kind = accepted.find((k) => k === size.type);
  if (!kind || !size.width || !size.height) return null;
  return { kind, contentType: CONTENT_TYPES[kind], width: size.width, height: size.height };
}
