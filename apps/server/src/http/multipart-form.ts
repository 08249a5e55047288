import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from './app-error';

/** Multipart limit errors of @fastify/multipart, mapped to our stable codes. */
const MULTIPART_ERRORS: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: ErrorCode.IMAGE_TOO_MANY,
  FST_PARTS_LIMIT: ErrorCode.IMAGE_TOO_MANY,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.IMAGE_TOO_LARGE,
};

/**
 * A form with images (feedback, a promotion's application): its text fields checked by `schema`
 * and its files, read while streaming with the limits the route's multipart scope enforces. A
 * limit hit is its stable code (too many, too large), a broken body 400, never a 5xx.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  maxFiles: number,
): Promise<{ fields: z.infer<S>; files: Buffer[] }> {
  if (!request.isMultipart())
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send this form as multipart/form-data');
  const raw: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push(await part.toBuffer());
      else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const mapped = code ? MULTIPART_ERRORS[code] : undefined;
    if (mapped)
      throw new AppError(
        mapped,
        mapped === ErrorCode.IMAGE_TOO_MANY ? `At most ${maxFiles} images` : 'Each image may be at most 5 MB',
      );
    if (
      code?.startsWith('FST_') ||
      (err instanceof Error && !(err instanceof AppError) && /multipart|boundary|Unexpected end/i.test(err.message))
    ) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Malformed multipart body');
    }
    throw err;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    throw new AppError(ErrorCode.VALIDATION_FAILED, fields.map((f) => `${f.field}: ${f.message}`).join('; '), {
      fields,
    });
  }
  return { fields: parsed.data, files };
}
