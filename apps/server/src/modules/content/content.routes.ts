import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  CONTENT_IMAGE_MAX_BYTES,
  contentImageNameSchema,
  contentImageSchema,
  contentImageUploadSchema,
  contentItemBodySchema,
  contentStatusBodySchema,
  opsContentItemSchema,
  opsContentPageSchema,
  opsContentQuerySchema,
} from '@wps/shared/schemas/content';
import { AppError } from '../../http/app-error';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The back office's content: list and read (content.read), write, schedule, publish and archive (content.write). */
export function registerContentRoutes(app: RouteApp, { content }: AppServices): void {
  const actorOf = async (request: Parameters<typeof requestOperator>[0]) => ({
    actorType: 'operator' as const,
    actorId: (await requestOperator(request)).operatorId,
  });

  app.get(
    '/ops/content',
    {
      config: { permission: 'content.read' },
      schema: { querystring: opsContentQuerySchema, response: success(opsContentPageSchema) },
    },
    async (request) => ok(await content.list(request.query)),
  );

  app.get(
    '/ops/content/:id',
    { config: { permission: 'content.read' }, schema: { params: idParams, response: success(opsContentItemSchema) } },
    async (request) => ok(await content.getItem(request.params.id)),
  );

  app.put(
    '/ops/content',
    {
      config: { permission: 'content.write' },
      schema: { body: contentItemBodySchema, response: success(opsContentItemSchema) },
    },
    async (request) => ok(await content.create(await actorOf(request), request.body)),
  );

  app.put(
    '/ops/content/:id',
    {
      config: { permission: 'content.write' },
      schema: { params: idParams, body: contentItemBodySchema, response: success(opsContentItemSchema) },
    },
    async (request) => ok(await content.update(await actorOf(request), request.params.id, request.body)),
  );

  // One image as a data: URL: its base64 text is about 4/3 of the 2 MB limit.
  app.post(
    '/ops/content/images',
    {
      config: { permission: 'content.write' },
      bodyLimit: Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 1024,
      schema: { body: contentImageUploadSchema, response: success(contentImageSchema) },
    },
    async (request) => ok(await content.images.upload(await actorOf(request), request.body.dataUrl)),
  );

  // Players' reads of uploaded images: a name is the hash of the bytes, so the answer never changes.
  app.get(
    '/wps/content/images/:name',
    {
      schema: {
        params: z.object({ name: contentImageNameSchema }),
        response: {
          200: nonJson(
            ['image/png', 'image/jpeg', 'image/webp'],
            'The image, with the type its bytes were checked to be',
          ),
        },
      },
    },
    async (request, reply) => {
      const image = await content.images.read(request.params.name);
      if (!image) throw new AppError(ErrorCode.NOT_FOUND, 'No such image');
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );

  app.put(
    '/ops/content/:id/status',
    {
      config: { permission: 'content.write' },
      schema: { params: idParams, body: contentStatusBodySchema, response: success(opsContentItemSchema) },
    },
    async (request) =>
      ok(await content.setStatus(await actorOf(request), request.params.id, request.body.status, request.body.reason)),
  );
}
