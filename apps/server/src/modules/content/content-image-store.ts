import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { ContentImage } from '@wps/shared/schemas/content';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { checkContentImage, contentImageUrl, decodeImageDataUrl } from './content-images';
import { findImageBytes, findImageMeta, insertImage, type ImageMeta } from './content.repository';

/** Who uploads (the content service's actor, restated so this file does not import the service that builds it). */
type ContentActor = { actorType: AuditActorType; actorId: string | null };

/** Bytes of served images kept in memory per instance: names never change meaning, so nothing is ever stale. */
const MEMORY_BUDGET_BYTES = 32 * 1_048_576;

export function imageView(meta: ImageMeta): ContentImage {
  return {
    name: meta.name,
    url: contentImageUrl(meta.name),
    contentType: meta.contentType,
    width: meta.width,
    height: meta.height,
    sizeBytes: meta.sizeBytes,
  };
}

/**
 * Content images: an operator's upload checked by its bytes and stored under the SHA-256 of
 * them (audited `content.image_upload`), and the players' reads of them. A served image is kept
 * in memory up to a budget; the oldest goes first.
 */
export function createContentImageStore({ db, audit }: { db: Kysely<Database>; audit: Pick<AuditService, 'record'> }) {
  const memory = new Map<string, { contentType: string; bytes: Buffer }>();
  let held = 0;

  return {
    /** POST /ops/content/images. */
    async upload(actor: ContentActor, dataUrl: string): Promise<ContentImage> {
      const bytes = decodeImageDataUrl(dataUrl);
      if (!bytes)
        throw new AppError(ErrorCode.IMAGE_TYPE_INVALID, 'Send the image as a data:image/png, jpeg or webp base64 URL');
      const image = checkContentImage(bytes);
      const meta: ImageMeta = {
        name: image.name,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        sizeBytes: bytes.length,
      };
      await runInTransaction(db, async (trx) => {
        await insertImage(trx, image);
        await audit.record(trx, {
          ...actor,
          action: 'content.image_upload',
          subjectType: 'content_image',
          subjectId: image.name,
          reason: null,
          before: null,
          after: { ...meta },
        });
      });
      return imageView(meta);
    },

    /** The stored images among `names`, by name; read through `trx` inside a transaction (PGlite has one session). */
    async describe(names: readonly (string | null)[], trx: Kysely<Database> = db): Promise<Map<string, ContentImage>> {
      const wanted = [...new Set(names.filter((n): n is string => n !== null))];
      return new Map((await findImageMeta(trx, wanted)).map((meta) => [meta.name, imageView(meta)]));
    },

    /** GET /wps/content/images/:name: the bytes and type, or undefined for an unknown name. */
    async read(name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const hit = memory.get(name);
      if (hit) return hit;
      const found = await findImageBytes(db, name);
      if (!found || found.bytes.length > MEMORY_BUDGET_BYTES) return found;
      for (const [oldest, entry] of memory) {
        if (held + found.bytes.length <= MEMORY_BUDGET_BYTES) break;
        memory.delete(oldest);
        held -= entry.bytes.length;
      }
      memory.set(name, found);
      held += found.bytes.length;
      return found;
    },
  };
}

export type ContentImageStore = ReturnType<typeof createContentImageStore>;
