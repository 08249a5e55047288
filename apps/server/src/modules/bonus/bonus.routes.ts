import {
  bonusCostReportSchema,
  bonusGrantRequestListSchema,
  bonusGrantRequestSchema,
  bonusRequestDecisionBodySchema,
  opsBonusRequestQuerySchema,
  opsGrantBonusAnswerSchema,
  bonusSettingsSchema,
  opsBonusCostQuerySchema,
  opsBonusIdParamsSchema,
  opsBonusPageSchema,
  opsBonusQuerySchema,
  opsBonusSettingsBodySchema,
  opsCancelBonusBodySchema,
  opsGrantBonusBodySchema,
  playerBonusesSchema,
  bonusSchema,
} from '@wps/shared/schemas/bonus';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The player's bonuses, and the back office's list, grants, cancels, settings and cost report. */
export function registerBonusRoutes(app: RouteApp, { bonus, bonusOps }: AppServices): void {
  app.get('/wps/bonuses', { schema: { response: success(playerBonusesSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await bonus.listForPlayer(member.memberId));
  });

  app.get(
    '/ops/bonuses',
    {
      config: { permission: 'bonuses.read' },
      schema: { querystring: opsBonusQuerySchema, response: success(opsBonusPageSchema) },
    },
    async (request) => ok(await bonusOps.list(request.query)),
  );

  app.post(
    '/ops/bonuses',
    {
      config: { permission: 'bonuses.write', licenceDoors: ['reward.pay'] },
      schema: {
        body: opsGrantBonusBodySchema,
        response: success(opsGrantBonusAnswerSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await bonusOps.grant(operator.operatorId, request.body));
    },
  );

  app.get(
    '/ops/bonuses/requests',
    {
      config: { permission: 'bonuses.read' },
      schema: { querystring: opsBonusRequestQuerySchema, response: success(bonusGrantRequestListSchema) },
    },
    async (request) => ok(await bonusOps.listRequests(request.query.status)),
  );

  // A bonus waiting for a second operator (the operator money policy's kind bonus_grant) is decided
  // with the money permission of manual credits, never by its asker.
  for (const action of ['approve', 'reject'] as const) {
    app.post(
      `/ops/bonuses/requests/:id/${action}`,
      {
        // An approval pays the bonus (the licence's door reward.pay); a rejection pays nothing.
        config:
          action === 'approve'
            ? { permission: 'adjustments.approve', licenceDoors: ['reward.pay'] }
            : { permission: 'adjustments.approve' },
        schema: {
          params: opsBonusIdParamsSchema,
          body: bonusRequestDecisionBodySchema,
          response: success(bonusGrantRequestSchema),
        },
      },
      async (request) => {
        const operator = await requestOperator(request);
        const approver = { operatorId: operator.operatorId, role: operator.role };
        return ok(
          action === 'approve'
            ? await bonusOps.approveRequest(approver, request.params.id, request.body.reason)
            : await bonusOps.rejectRequest(approver, request.params.id, request.body.reason),
        );
      },
    );
  }

  app.post(
    '/ops/bonuses/:id/cancel',
    {
      config: { permission: 'bonuses.write' },
      schema: { params: opsBonusIdParamsSchema, body: opsCancelBonusBodySchema, response: success(bonusSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await bonusOps.cancel(operator.operatorId, request.params.id, request.body.reason));
    },
  );

  app.get(
    '/ops/bonus-settings',
    { config: { permission: 'bonuses.read' }, schema: { response: success(bonusSettingsSchema) } },
    async () => ok(await bonusOps.getSettings()),
  );

  app.put(
    '/ops/bonus-settings',
    {
      config: { permission: 'bonuses.write' },
      schema: { body: opsBonusSettingsBodySchema, response: success(bonusSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await bonusOps.updateSettings(operator.operatorId, request.body));
    },
  );

  app.get(
    '/ops/reports/bonus-cost',
    {
      config: { permission: 'bonuses.read' },
      schema: { querystring: opsBonusCostQuerySchema, response: success(bonusCostReportSchema) },
    },
    async (request) => ok(await bonusOps.costReport(request.query)),
  );
}
