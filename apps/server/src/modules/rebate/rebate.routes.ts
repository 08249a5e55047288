import {
  rebateChangeDecisionBodySchema,
  rebateChangeParamsSchema,
  rebateClaimBodySchema,
  rebateClaimResultSchema,
  rebateSettingsResultSchema,
  rebateSettingsUpdateSchema,
  rebateSettingsViewSchema,
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
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { body: rebateClaimBodySchema, response: success(rebateClaimResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await rebate.claim(member.memberId, request.body.periodKey));
    },
  );

  app.get(
    '/ops/rebate/settings',
    { config: { permission: 'rewards.read' }, schema: { response: success(rebateSettingsViewSchema) } },
    async () => ok(await rebate.settings.read()),
  );

  app.put(
    '/ops/rebate/settings',
    {
      config: { permission: 'rewards.write' },
      schema: { body: rebateSettingsUpdateSchema, response: success(rebateSettingsResultSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await rebate.settings.change(operator.operatorId, request.body));
    },
  );

  // A raise of the settings waits for a second operator: the route asks the money permission of
  // manual credits (the settings screen asks rewards.write, which marketing holds); the service
  // asks it again of the operator's live role through the operator money policy, and refuses the asker.
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/rebate/setting-changes/:changeId/${decision}`,
      {
        config: { permission: 'adjustments.approve' },
        schema: {
          params: rebateChangeParamsSchema,
          body: rebateChangeDecisionBodySchema,
          response: success(rebateSettingsViewSchema),
        },
      },
      async (request) => {
        const operator = await requestOperator(request);
        return ok(await rebate.settings[decision](operator, request.params.changeId, request.body.reason));
      },
    );
  }
}
