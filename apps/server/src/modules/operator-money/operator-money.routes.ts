import {
  moneyLimitChangeParamsSchema,
  moneyLimitDecisionBodySchema,
  moneyLimitsBodySchema,
  moneyLimitsUpdateSchema,
  moneyLimitsViewSchema,
} from '@wps/shared/schemas/operator-money';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { MoneyActor } from './operator-money-limits';

async function actorOf(request: FastifyRequest): Promise<MoneyActor> {
  const operator = await requestOperator(request);
  return { actorType: 'operator', actorId: String(operator.operatorId) };
}

/** The operator money policy's thresholds on the back office's settings screen. */
export function registerOperatorMoneyRoutes(app: RouteApp, services: AppServices): void {
  const { limits } = services.operatorMoney;

  app.get(
    '/ops/operator-money/limits',
    { config: { permission: 'settings.read' }, schema: { response: success(moneyLimitsViewSchema) } },
    async () => ok(await limits.read()),
  );

  app.put(
    '/ops/operator-money/limits',
    {
      config: { permission: 'settings.write' },
      schema: { body: moneyLimitsBodySchema, response: success(moneyLimitsUpdateSchema) },
    },
    async (request) => ok(await limits.change(await actorOf(request), request.body)),
  );

  app.post(
    '/ops/operator-money/limit-changes/:id/approve',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: moneyLimitChangeParamsSchema,
        body: moneyLimitDecisionBodySchema,
        response: success(moneyLimitsViewSchema),
      },
    },
    async (request) => ok(await limits.approve(await actorOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/ops/operator-money/limit-changes/:id/reject',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: moneyLimitChangeParamsSchema,
        body: moneyLimitDecisionBodySchema,
        response: success(moneyLimitsViewSchema),
      },
    },
    async (request) => ok(await limits.reject(await actorOf(request), request.params.id, request.body.reason)),
  );
}
