import { grantIdParamsSchema, grantListQuerySchema, grantListSchema, grantSchema } from '@wps/shared/schemas/rewards';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/**
 * The player's reward centre: every reward given to them (by a promotion's rule, a mission, the
 * rebate, a referral, a VIP level, an operator), newest first, and the claim of one waiting for it.
 */
export function registerRewardsRoutes(app: RouteApp, services: AppServices): void {
  const { rewards } = services;

  app.get(
    '/wps/rewards/grants',
    { schema: { querystring: grantListQuerySchema, response: success(grantListSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rewards.grants.listForMember(member.memberId, request.query));
    },
  );

  app.post(
    '/wps/rewards/grants/:id/claim',
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { params: grantIdParamsSchema, response: success(grantSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rewards.grants.claim(member.memberId, request.params.id));
    },
  );
}
