import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_MAX_SIDE } from '@wps/shared/schemas/content';
import { AppError } from '../../http/app-error';
import { readImageHeader } from '../../http/uploaded-image';
import type { ContentImageType } from '../../db/tables/content';

/** An uploaded image, checked: its kind from its bytes, its size, and the name it is stored under. */
export type CheckedImage = {
  name: string;
  contentType: ContentImageType;
  bytes: Buffer;
  width: number;
  height: number;
};

/**
 * Check an operator's upload by its bytes, never its name or declared type: png, jpg or webp
 * (readImageHeader; anything else, or a header it cannot read, is refused), at most
 * 2 MB and 4096 px a side. The stored name is the SHA-256 of the bytes, so the same picture
 * uploaded twice is stored once and its address never changes.
 */
export function checkContentImage(bytes: Buffer): CheckedImage {
  if (bytes.length === 0 || bytes.length > CONTENT_IMAGE_MAX_BYTES) {
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE, `Images are at most ${CONTENT_IMAGE_MAX_BYTES / 1_048_576} MB`, {
      maxBytes: CONTENT_IMAGE_MAX_BYTES,
    });
  }
  const size = readImageHeader(bytes, ['png', 'jpg', 'webp']);
  if (!size) throw new AppError(ErrorCode.IMAGE_TYPE_INVALID, 'Only png, jpg or webp images are accepted');
  if (size.width > CONTENT_IMAGE_MAX_SIDE || size.height > CONTENT_IMAGE_MAX_SIDE) {
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE, `Images are at most ${CONTENT_IMAGE_MAX_SIDE} px a side`, {
      maxSide: CONTENT_IMAGE_MAX_SIDE,
    });
  }
  const name = `${crypto.createHash('sha256').update(bytes).digest('hex')}.${size.kind}`;
  return { name, contentType: size.contentType, bytes, width: size.width, height: size.height };
}

/** Where players load a stored image. */
export function contentImageUrl(name: string): string {
  return `/wps/content/images/${name}`;
}

/** The bytes of a `data:image/…;base64,…` URL, or null when it is not one. */
export function decodeImageDataUrl(dataUrl: string): Buffer | null {
  const match = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  return match ? Buffer.from(match[2]!, 'base64') : null;
}
