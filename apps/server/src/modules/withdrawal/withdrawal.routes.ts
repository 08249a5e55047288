import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  confirmWithdrawalBodySchema,
  createWithdrawalBodySchema,
  opsApproveBodySchema,
  opsRejectBodySchema,
  opsResolveDisputeBodySchema,
  opsWithdrawalOrderSchema,
  opsWithdrawalQuerySchema,
  opsWithdrawalSettingsBodySchema,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  withdrawalIdParamsSchema,
  withdrawalOrderSchema,
  withdrawalProofSchema,
  withdrawalSettingsSchema,
  withdrawInfoSchema,
  opsWithdrawalExportQuerySchema,
  opsWithdrawalPageSchema,
  type OpsWithdrawalOrder,
} from '@wps/shared/schemas/withdrawal';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { WithdrawalQueueCursor } from './withdrawal-queue';
import type { ProofUpload } from './withdrawal-shared';

const proofParamsSchema = withdrawalIdParamsSchema.extend({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(PROOF_MAX_FILES - 1),
});

/** Multipart limit errors of @fastify/multipart, mapped to our stable codes. */
const MULTIPART_ERRORS: Record<string, ErrorCode> = {
  FST_FILES_LIMIT: ErrorCode.PROOF_TOO_MANY,
  FST_PARTS_LIMIT: ErrorCode.PROOF_TOO_MANY,
  FST_REQ_FILE_TOO_LARGE: ErrorCode.PROOF_TOO_LARGE,
};

/**
 * Read the proof images of a multipart request into memory (at most 3 × 5 MB, enforced while
 * streaming). Field names do not matter; non-file fields are ignored.
 */
async function readProofUploads(request: FastifyRequest): Promise<ProofUpload[]> {
  if (!request.isMultipart())
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the proof images as multipart/form-data');
  const files: ProofUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      files.push({ data: await part.toBuffer() });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    const mapped = code ? MULTIPART_ERRORS[code] : undefined;
    if (mapped === ErrorCode.PROOF_TOO_MANY) throw new AppError(mapped, `At most ${PROOF_MAX_FILES} images`);
    if (mapped === ErrorCode.PROOF_TOO_LARGE) throw new AppError(mapped, 'Each image may be at most 5 MB');
    if (code?.startsWith('FST_')) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Malformed multipart body');
    // busboy reports a broken body as a plain Error.
    if (err instanceof Error && !(err instanceof AppError) && /multipart|boundary|Unexpected end/i.test(err.message)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'Malformed multipart body');
    }
    throw err;
  }
  return files;
}

/** Player withdrawal calls, the operator's withdrawal queue, and the withdrawal settings. */
export async function registerWithdrawalRoutes(app: RouteApp, services: AppServices): Promise<void> {
  const { withdrawal } = services;

  app.get('/wps/withdraw/info', { schema: { response: success(withdrawInfoSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await withdrawal.getInfo(member.memberId));
  });

  // Encrypted (ENCRYPTED_PATHS): the body carries the payment password. The player's orders
  // come with GET /wps/withdraw/info, so this path has no GET that the decryption hook would refuse.
  app.post(
    '/wps/withdraw/orders',
    {
      config: { licenceDoors: ['money.out'] },
      schema: { body: createWithdrawalBodySchema, response: success(withdrawalOrderSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await withdrawal.createOrder(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/withdraw/orders/:id/confirm',
    {
      schema: {
        params: withdrawalIdParamsSchema,
        body: confirmWithdrawalBodySchema,
        response: success(withdrawalOrderSchema),
      },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await withdrawal.confirm(member.memberId, request.params.id, request.body.result));
    },
  );

  // Multipart lives in its own scope, so no other route starts accepting multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: PROOF_MAX_BYTES,
        files: PROOF_MAX_FILES,
        fields: 10,
        fieldSize: 1024,
        parts: PROOF_MAX_FILES + 10,
        headerPairs: 100,
      },
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/wps/withdraw/orders/:id/not-received',
        { schema: { params: withdrawalIdParamsSchema, response: success(withdrawalOrderSchema) } },
        async (request) => {
          const member = await requireMember(request);
          // The order is checked before a byte of the body is read: an upload for a missing order or
          // someone else's is refused without reading (or storing) any file.
          await withdrawal.assertProofTarget(member.memberId, request.params.id);
          const files = await readProofUploads(request);
          return ok(await withdrawal.reportNotReceived(member.memberId, request.params.id, files));
        },
      );
  });

  app.get(
    '/ops/withdrawals',
    {
      config: { permission: 'money.read' },
      schema: { querystring: opsWithdrawalQuerySchema, response: success(opsWithdrawalPageSchema) },
    },
    async (request) => {
      return ok(await withdrawal.listForOperator(request.query));
    },
  );

  // The queue as CSV with the same filters and sort, streamed in keyset pages; amounts in minor units.
  app.get(
    '/ops/withdrawals/csv',
    {
      config: { permission: 'money.read' },
      schema: {
        querystring: opsWithdrawalExportQuerySchema,
        response: { 200: nonJson(['text/csv'], 'The matching withdrawal orders as CSV, in the queue order') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv<{ view: OpsWithdrawalOrder; cursor: WithdrawalQueueCursor }, WithdrawalQueueCursor>(reply, {
        filename: 'withdrawals',
        columns: [
          { header: 'id', value: (r) => r.view.id },
          { header: 'created_at', value: (r) => r.view.createdAt },
          { header: 'account', value: (r) => r.view.account },
          { header: 'member_id', value: (r) => r.view.memberId },
          { header: 'currency', value: (r) => r.view.currency },
          { header: 'amount_minor', value: (r) => r.view.amountMinor },
          { header: 'bank_code', value: (r) => r.view.bankCode },
          { header: 'bank_name', value: (r) => r.view.bankName },
          { header: 'account_number', value: (r) => r.view.accountNumber },
          { header: 'holder_name', value: (r) => r.view.holderName },
          { header: 'status', value: (r) => r.view.status },
          { header: 'confirmation', value: (r) => r.view.confirmation },
          { header: 'decided_at', value: (r) => r.view.decidedAt },
          { header: 'decided_by', value: (r) => r.view.decidedBy },
          { header: 'reject_reason', value: (r) => r.view.rejectReason },
          { header: 'proof_count', value: (r) => r.view.proofCount },
        ],
        fetchPage: (after, limit) => withdrawal.exportForOperator(q, after, limit),
        cursorOf: (r) => r.cursor,
      });
    },
  );

  app.get(
    '/ops/withdrawals/:id',
    {
      config: { permission: 'money.read' },
      schema: { params: withdrawalIdParamsSchema, response: success(opsWithdrawalOrderSchema) },
    },
    async (request) => {
      return ok(await withdrawal.getForOperator(request.params.id));
    },
  );

  app.get(
    '/ops/withdrawals/:id/proofs',
    {
      config: { permission: 'money.read' },
      schema: { params: withdrawalIdParamsSchema, response: success(z.array(withdrawalProofSchema)) },
    },
    async (request) => {
      return ok(await withdrawal.listProofs(request.params.id));
    },
  );

  // The image itself, for the operator checking a dispute. Served only here, with its checked type.
  app.get(
    '/ops/withdrawals/:id/proofs/:index',
    {
      config: { permission: 'money.read' },
      schema: {
        params: proofParamsSchema,
        response: { 200: nonJson(['image/png', 'image/jpeg'], 'The proof image, with its checked type') },
      },
    },
    async (request, reply) => {
      const proof = await withdrawal.readProof(request.params.id, request.params.index);
      return reply
        .type(proof.contentType)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="withdrawal-${request.params.id}-proof-${request.params.index + 1}.${proof.contentType === 'image/png' ? 'png' : 'jpg'}"`,
        )
        .send(proof.data);
    },
  );

  app.post(
    '/ops/withdrawals/:id/approve',
    {
      config: { permission: 'money.write' },
      schema: {
        params: withdrawalIdParamsSchema,
        body: opsApproveBodySchema,
        response: success(opsWithdrawalOrderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await withdrawal.approve(
          { actorType: 'operator', actorId: operator.operatorId, role: operator.role },
          request.params.id,
          request.body.reason,
        ),
      );
    },
  );

  app.post(
    '/ops/withdrawals/:id/reject',
    {
      config: { permission: 'money.write' },
      schema: {
        params: withdrawalIdParamsSchema,
        body: opsRejectBodySchema,
        response: success(opsWithdrawalOrderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await withdrawal.reject(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.id,
          request.body.reason,
        ),
      );
    },
  );

  app.post(
    '/ops/withdrawals/:id/resolve',
    {
      config: { permission: 'disputes.write' },
      schema: {
        params: withdrawalIdParamsSchema,
        body: opsResolveDisputeBodySchema,
        response: success(opsWithdrawalOrderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await withdrawal.resolveDispute(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.id,
          request.body.note,
        ),
      );
    },
  );

  app.get(
    '/ops/withdrawal-settings',
    { config: { permission: 'money.read' }, schema: { response: success(withdrawalSettingsSchema) } },
    async () => {
      return ok(await withdrawal.getSettings());
    },
  );

  app.put(
    '/ops/withdrawal-settings',
    {
      config: { permission: 'payments.write' },
      schema: { body: opsWithdrawalSettingsBodySchema, response: success(withdrawalSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { reason, ...patch } = request.body;
      const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      return ok(
        await withdrawal.updateSettings({ actorType: 'operator', actorId: operator.operatorId }, defined, reason),
      );
    },
  );
}
