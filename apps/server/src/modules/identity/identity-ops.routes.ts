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
 * balance's settlement is a money decision (adjustments.approve, as approving the adjustment
 * that paid it out), and the sandbox list is the provider's configuration (settings.read / settings.write).
 */
export function registerIdentityOpsRoutes(app: RouteApp, services: AppServices): void {
  const { identity, barredListSandbox } = services;
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
    async (request) => ok(await identity.hits.settle(await operatorId(request), request.params.id, request.body.note)),
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
