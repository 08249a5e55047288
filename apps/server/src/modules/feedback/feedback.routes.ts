import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
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
  type FeedbackFields,
} from '@wps/shared/schemas/feedback';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { doneSchema, nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** Multipart limit errors of @fastify/multipart, mapped to our stable codes. */
const MULTIPART_ERRORS: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: ErrorCode.IMAGE_TOO_MANY,
  FST_PARTS_LIMIT: ErrorCode.IMAGE_TOO_MANY,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.IMAGE_TOO_LARGE,
};

/** The form's fields and files, read while streaming with the limits enforced (3 files of 5 MB). */
async function readFeedbackForm(request: FastifyRequest): Promise<{ fields: FeedbackFields; files: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send feedback as multipart/form-data');
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
    if (mapped) throw new AppError(mapped, mapped === ErrorCode.IMAGE_TOO_MANY ? `At most ${FEEDBACK_MAX_IMAGES} images` : 'Each image may be at most 5 MB');
    if (code?.startsWith('FST_') || (err instanceof Error && !(err instanceof AppError) && /multipart|boundary|Unexpected end/i.test(err.message))) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Malformed multipart body');
    }
    throw err;
  }
  const parsed = feedbackFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
    throw new AppError(ErrorCode.VALIDATION_FAILED, fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
  }
  return { fields: parsed.data, files };
}

/** Player feedback (send, list, own images) and the back office's queue and answer. */
export async function registerFeedbackRoutes(app: RouteApp, { feedback }: AppServices): Promise<void> {
  // Multipart lives in its own scope, so no other route starts accepting multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: FEEDBACK_MAX_IMAGES, fields: 5, fieldSize: 8192, parts: FEEDBACK_MAX_IMAGES + 5, headerPairs: 100 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put('/wps/feedback', { schema: { response: success(feedbackSchema) } }, async (request) => {
      const member = await requireMember(request);
      const { fields, files } = await readFeedbackForm(request);
      return ok(await feedback.send(member.memberId, fields, files));
    });
  });

  app.get('/wps/feedback', { schema: { response: success(myFeedbackSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await feedback.listMine(member.memberId));
  });

  const imageAnswer = { 200: nonJson(['image/png', 'image/jpeg'], 'The image, with its checked type') };
  app.get('/wps/feedback/:id/images/:position', { schema: { params: feedbackImageParamsSchema, response: imageAnswer } }, async (request, reply) => {
    const member = await requireMember(request);
    const image = await feedback.image(request.params.id, request.params.position, member.memberId);
    return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
  });

  app.get('/ops/feedback', { config: { permission: 'players.read' }, schema: { querystring: opsFeedbackQuerySchema, response: success(opsFeedbackPageSchema) } }, async (request) =>
    ok(await feedback.listForOperator(request.query)),
  );

  app.get('/ops/feedback/:id/images/:position', { config: { permission: 'players.read' }, schema: { params: feedbackImageParamsSchema, response: imageAnswer } }, async (request, reply) => {
    const image = await feedback.image(request.params.id, request.params.position);
    return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
  });

  app.post(
    '/ops/feedback/:id/reply',
    { config: { permission: 'messages.write' }, schema: { params: z.object({ id: z.string().regex(/^\d{1,18}$/) }), body: feedbackReplyBodySchema, response: success(doneSchema) } },
    async (request) => {
      const operator = await requestOperator(request);
      await feedback.reply(operator.operatorId, request.params.id, request.body.reply);
      return ok(true);
    },
  );
}
