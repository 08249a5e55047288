import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  confirmDepositBodySchema,
  createDepositOrderBodySchema,
  depositChannelInputSchema,
  depositChannelSchema,
  depositIdParamsSchema,
  depositOrderListQuerySchema,
  depositOrderPageSchema,
  depositOrderSchema,
  opsDepositChannelSchema,
  opsDepositExportQuerySchema,
  opsDepositListQuerySchema,
  opsDepositOrderPageSchema,
  opsDepositOrderSchema,
  rejectDepositBodySchema,
  webhookResultSchema,
  type OpsDepositOrder,
} from '@wps/shared/schemas/deposit';
import type { RouteApp } from '../../app-types';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { DepositQueueCursor } from './deposit-queue';
import type { DepositActor } from './deposit.types';

function operatorActor(operator: { operatorId: string }): DepositActor {
  return { actorType: 'operator', actorId: operator.operatorId };
}

/** Player deposit calls, operator deposit calls, and gateway webhooks. */
export function registerDepositRoutes(app: RouteApp, services: AppServices): void {
  const { deposits } = services;

  // Player: trial accounts get in_need_true_account from requireMember.
  app.get(
    '/wps/deposit/channels',
    { schema: { response: success(z.array(depositChannelSchema)) } },
    async (request) => {
      await requireMember(request);
      return ok(await deposits.listChannels());
    },
  );

  app.post(
    '/wps/deposit/orders',
    {
      config: { licenceDoors: ['money.in'] },
      schema: { body: createDepositOrderBodySchema, response: success(depositOrderSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await deposits.createOrder(member.memberId, request.body));
    },
  );

  app.get(
    '/wps/deposit/orders',
    { schema: { querystring: depositOrderListQuerySchema, response: success(depositOrderPageSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await deposits.listMemberOrders(member.memberId, request.query.page, request.query.pageSize));
    },
  );

  // Operators.
  app.get(
    '/ops/deposit-channels',
    { config: { permission: 'payments.read' }, schema: { response: success(z.array(opsDepositChannelSchema)) } },
    async () => {
      return ok(await deposits.listOpsChannels());
    },
  );

  app.put(
    '/ops/deposit-channels',
    {
      config: { permission: 'payments.write' },
      schema: { body: depositChannelInputSchema, response: success(opsDepositChannelSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await deposits.saveChannel(operatorActor(operator), request.body));
    },
  );

  app.get(
    '/ops/deposits',
    {
      config: { permission: 'money.read' },
      schema: { querystring: opsDepositListQuerySchema, response: success(opsDepositOrderPageSchema) },
    },
    async (request) => {
      return ok(await deposits.listOpsOrders(request.query));
    },
  );

  // The queue as CSV with the same filters and sort, streamed in keyset pages; amounts in minor units.
  app.get(
    '/ops/deposits/csv',
    {
      config: { permission: 'money.read' },
      schema: {
        querystring: opsDepositExportQuerySchema,
        response: { 200: nonJson(['text/csv'], 'The matching deposit orders as CSV, in the queue order') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv<{ view: OpsDepositOrder; cursor: DepositQueueCursor }, DepositQueueCursor>(reply, {
        filename: 'deposits',
        columns: [
          { header: 'id', value: (r) => r.view.id },
          { header: 'created_at', value: (r) => r.view.createdAt },
          { header: 'account', value: (r) => r.view.account },
          { header: 'member_id', value: (r) => r.view.memberId },
          { header: 'channel', value: (r) => r.view.channelName },
          { header: 'type', value: (r) => r.view.type },
          { header: 'currency', value: (r) => r.view.currency },
          { header: 'amount_minor', value: (r) => r.view.amountMinor },
          { header: 'fee_minor', value: (r) => r.view.feeMinor },
          { header: 'credit_minor', value: (r) => r.view.creditMinor },
          { header: 'reference_code', value: (r) => r.view.referenceCode },
          { header: 'status', value: (r) => r.view.status },
          { header: 'resolved_at', value: (r) => r.view.resolvedAt },
          { header: 'resolved_by', value: (r) => r.view.resolvedBy },
          { header: 'failure_reason', value: (r) => r.view.failureReason },
          { header: 'payer_name', value: (r) => r.view.payer?.name ?? null },
          { header: 'payer_cpf_masked', value: (r) => r.view.payer?.cpfMasked ?? r.view.payerCpfMasked },
          { header: 'payer_is_player', value: (r) => r.view.payer?.isPlayer ?? null },
          { header: 'payer_bank_reference', value: (r) => r.view.payer?.bankReference ?? null },
        ],
        fetchPage: (after, limit) => deposits.exportOpsOrders(q, after, limit),
        cursorOf: (r) => r.cursor,
      });
    },
  );

  app.post(
    '/ops/deposits/:id/confirm',
    {
      config: { permission: 'money.write' },
      schema: {
        params: depositIdParamsSchema,
        body: confirmDepositBodySchema,
        response: success(opsDepositOrderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await deposits.confirmManual(operatorActor(operator), request.params.id, request.body));
    },
  );

  app.post(
    '/ops/deposits/:id/reject',
    {
      config: { permission: 'money.write' },
      schema: {
        params: depositIdParamsSchema,
        body: rejectDepositBodySchema,
        response: success(opsDepositOrderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await deposits.rejectManual(operatorActor(operator), request.params.id, request.body.reason));
    },
  );

  // Webhooks need the exact bytes for the HMAC. In this encapsulated scope only, JSON bodies
  // are kept as a Buffer; every other route keeps the global JSON parser.
  void app.register(async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/wps/deposit/webhook/sandbox',
      { schema: { response: success(webhookResultSchema) } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(await deposits.handleWebhook('sandbox', raw, request.headers));
      },
    );
  });
}
