import {
  opsVendorTransferExportQuerySchema,
  opsVendorTransferPageSchema,
  opsVendorTransferQuerySchema,
  opsVendorTransferSchema,
  vendorTransferCheckBodySchema,
  vendorTransferIdParamsSchema,
  type OpsVendorTransfer,
} from '@wps/shared/schemas/gateway';
import type { RouteApp } from '../../app-types';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { nonJson, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { TransferQueueCursor } from './transfer-queue';

/** The back office's vendor-transfer queue: the list, its CSV, and asking the vendor again now. */
export function registerTransferReviewRoutes(app: RouteApp, services: AppServices): void {
  const { transferReview } = services;

  app.get(
    '/ops/vendor-transfers',
    {
      config: { permission: 'money.read' },
      schema: { querystring: opsVendorTransferQuerySchema, response: success(opsVendorTransferPageSchema) },
    },
    async (request) => {
      return ok(await transferReview.list(request.query));
    },
  );

  app.get(
    '/ops/vendor-transfers/csv',
    {
      config: { permission: 'money.read' },
      schema: {
        querystring: opsVendorTransferExportQuerySchema,
        response: { 200: nonJson(['text/csv'], 'The matching vendor transfers as CSV, in the queue order') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      return sendCsv<{ view: OpsVendorTransfer; cursor: TransferQueueCursor }, TransferQueueCursor>(reply, {
        filename: 'vendor-transfers',
        columns: [
          { header: 'id', value: (r) => r.view.id },
          { header: 'created_at', value: (r) => r.view.createdAt },
          { header: 'account', value: (r) => r.view.account },
          { header: 'member_id', value: (r) => r.view.memberId },
          { header: 'vendor', value: (r) => r.view.vassalage },
          { header: 'direction', value: (r) => r.view.direction },
          { header: 'currency', value: (r) => r.view.currency },
          { header: 'amount_minor', value: (r) => r.view.amountMinor },
          { header: 'status', value: (r) => r.view.status },
          { header: 'attempts', value: (r) => r.view.attempts },
          { header: 'last_error', value: (r) => r.view.lastError },
          { header: 'resolved_at', value: (r) => r.view.resolvedAt },
          { header: 'transfer_ref', value: (r) => r.view.transferRef },
        ],
        fetchPage: (after, limit) => transferReview.exportPage(q, after, limit),
        cursorOf: (r) => r.cursor,
      });
    },
  );

  app.post(
    '/ops/vendor-transfers/:id/check',
    {
      config: { permission: 'money.write' },
      schema: {
        params: vendorTransferIdParamsSchema,
        body: vendorTransferCheckBodySchema,
        response: success(opsVendorTransferSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await transferReview.check(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.id,
          request.body.reason,
        ),
      );
    },
  );
}
