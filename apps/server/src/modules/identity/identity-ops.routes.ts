import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  addBarredCpfBodySchema,
  barredHitPageSchema,
  barredHitParamsSchema,
  barredHitSchema,
  barredHitsQuerySchema,
  barredListEntryParamsSchema,
  barredListSchema,
  barredRefundSchema,
  recordBarredContactBodySchema,
  refundBarredHitBodySchema,
  removeBarredCpfBodySchema,
  settleBarredHitBodySchema,
} from '@wps/shared/schemas/identity';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/**
 * The back office's barred-persons screens (docs/compliance.md, "Barred persons"). Permissions
 * follow the screens they sit beside: the hits are player data (players.read), recording a
 * balance's refund and its settlement are money decisions (adjustments.approve: admin, finance;
 * the refund's withdrawal is then approved in the withdrawal queue), and the sandbox list is the provider's configuration (settings.read / settings.write).
 */
export function registerIdentityOpsRoutes(app: RouteApp, services: AppServices): void {
  const { identity, barredRefunds, barredListSandbox } = services;
  const operatorId = async (request: Parameters<typeof requestOperator>[0]) =>
    (await requestOperator(request)).operatorId;
  const sandbox = () => {
    if (!barredListSandbox)
      throw new AppError(ErrorCode.FEATURE_DISABLED, 'The sandbox barred list is off on this server', {
        module: 'barred-list-sandbox',
      });
    return barredListSandbox;
  };

  app.get(
    '/ops/compliance/barred-hits',
    {
      config: { permission: 'players.read' },
      schema: { querystring: barredHitsQuerySchema, response: success(barredHitPageSchema) },
    },
    async (request) => ok(await identity.hits.list(request.query)),
  );

  app.post(
    '/ops/compliance/barred-hits/:id/settle',
    {
      config: { permission: 'adjustments.approve' },
      schema: { params: barredHitParamsSchema, body: settleBarredHitBodySchema, response: success(barredHitSchema) },
    },
    async (request) => {
      const by = await operatorId(request);
      // A hit whose balance went out as a refund settles once that payout is paid (barred-refund.ts).
      await barredRefunds.assertSettleable(request.params.id);
      return ok(await identity.hits.settle(by, request.params.id, request.body.note));
    },
  );

  // The balance goes back as a PIX payout to the member's own key (a withdrawal of origin
  // barred_refund, in the withdrawal queue), never an adjustment.
  app.post(
    '/ops/compliance/barred-hits/:id/refund',
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        params: barredHitParamsSchema,
        body: refundBarredHitBodySchema,
        response: success(barredRefundSchema),
      },
    },
    async (request) => ok(await barredRefunds.refund(await operatorId(request), request.params.id, request.body)),
  );

  // A contact made with a barred member (an e-mail, an SMS, a call) joins the hit's record beside
  // the site's own inbox notice; whoever may read the hits and speaks to players records it.
  app.post(
    '/ops/compliance/barred-hits/:id/contacts',
    {
      config: { permission: 'players.write' },
      schema: {
        params: barredHitParamsSchema,
        body: recordBarredContactBodySchema,
        response: success(barredHitSchema),
      },
    },
    async (request) =>
      ok(await identity.hits.recordContact(await operatorId(request), request.params.id, request.body)),
  );

  app.get(
    '/ops/compliance/barred-list',
    { config: { permission: 'settings.read' }, schema: { response: success(barredListSchema) } },
    async () =>
      ok({ list: barredListSandbox ? await barredListSandbox.list() : [], sandbox: barredListSandbox !== null }),
  );

  app.post(
    '/ops/compliance/barred-list',
    {
      config: { permission: 'settings.write' },
      schema: { body: addBarredCpfBodySchema, response: success(z.object({ id: z.string() })) },
    },
    async (request) => ok(await sandbox().add(await operatorId(request), request.body)),
  );

  app.post(
    '/ops/compliance/barred-list/:id/remove',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: barredListEntryParamsSchema,
        body: removeBarredCpfBodySchema,
        response: success(z.object({ removed: z.literal(true) })),
      },
    },
    async (request) => {
      await sandbox().remove(await operatorId(request), request.params.id, request.body.note);
      return ok({ removed: true as const });
    },
  );
}
