import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  feedbackFieldsSchema,
  feedbackImageParamsSchema,
  feedbackReplyBodySchema,
  feedbackSchema,
  myFeedbackSchema,
  opsFeedbackPageSchema,
  opsFeedbackQuerySchema,
} from '@wps/shared/schemas/feedback';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { readMultipartForm } from '../../http/multipart-form';
import { doneSchema, nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** Player feedback (send, list, own images) and the back office's queue and answer. */
export async function registerFeedbackRoutes(app: RouteApp, { feedback }: AppServices): Promise<void> {
  // Multipart lives in its own scope, so no other route starts accepting multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: FEEDBACK_IMAGE_MAX_BYTES,
        files: FEEDBACK_MAX_IMAGES,
        fields: 5,
        fieldSize: 8192,
        parts: FEEDBACK_MAX_IMAGES + 5,
        headerPairs: 100,
      },
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .put('/wps/feedback', { schema: { response: success(feedbackSchema) } }, async (request) => {
        const member = await requireMember(request);
        const { fields, files } = await readMultipartForm(request, feedbackFieldsSchema, FEEDBACK_MAX_IMAGES);
        return ok(await feedback.send(member.memberId, fields, files));
      });
  });

  app.get('/wps/feedback', { schema: { response: success(myFeedbackSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await feedback.listMine(member.memberId));
  });

  const imageAnswer = { 200: nonJson(['image/png', 'image/jpeg'], 'The image, with its checked type') };
  app.get(
    '/wps/feedback/:id/images/:position',
    { schema: { params: feedbackImageParamsSchema, response: imageAnswer } },
    async (request, reply) => {
      const member = await requireMember(request);
      const image = await feedback.image(request.params.id, request.params.position, member.memberId);
      return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );

  app.get(
    '/ops/feedback',
    {
      config: { permission: 'players.read' },
      schema: { querystring: opsFeedbackQuerySchema, response: success(opsFeedbackPageSchema) },
    },
    async (request) => ok(await feedback.listForOperator(request.query)),
  );

  app.get(
    '/ops/feedback/:id/images/:position',
    { config: { permission: 'players.read' }, schema: { params: feedbackImageParamsSchema, response: imageAnswer } },
    async (request, reply) => {
      const image = await feedback.image(request.params.id, request.params.position);
      return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );

  app.post(
    '/ops/feedback/:id/reply',
    {
      config: { permission: 'messages.write' },
      schema: {
        params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        body: feedbackReplyBodySchema,
        response: success(doneSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      await feedback.reply(operator.operatorId, request.params.id, request.body.reply);
      return ok(true);
    },
  );
}
