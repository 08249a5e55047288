import {
  rebateClaimBodySchema,
  rebateClaimResultSchema,
  rebateSettingsSchema,
  rebateSettingsUpdateSchema,
  rebateSummarySchema,
} from '@wps/shared/schemas/rebate';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The player's rebate (betting bonus) and the operator's settings of it. */
export function registerRebateRoutes(app: RouteApp, { rebate }: AppServices): void {
  app.get('/wps/rebate', { schema: { response: success(rebateSummarySchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await rebate.summary(member.memberId));
  });

  app.post(
    '/wps/rebate/claim',
    { schema: { body: rebateClaimBodySchema, response: success(rebateClaimResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rebate.claim(member.memberId, request.body.periodKey));
    },
  );

  app.get(
    '/ops/rebate/settings',
    { config: { permission: 'rewards.read' }, schema: { response: success(rebateSettingsSchema) } },
    async () => ok(await rebate.readSettings()),
  );

  app.put(
    '/ops/rebate/settings',
    {
      config: { permission: 'rewards.write' },
      schema: { body: rebateSettingsUpdateSchema, response: success(rebateSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await rebate.writeSettings(operator.operatorId, request.body));
    },
  );
}
