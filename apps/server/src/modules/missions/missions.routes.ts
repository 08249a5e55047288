import {
  missionClaimBodySchema,
  missionClaimResultSchema,
  missionDecisionBodySchema,
  missionIdParamsSchema,
  missionInputSchema,
  missionLeaderboardSchema,
  missionStatusBodySchema,
  missionSummarySchema,
  opsMissionFiguresListSchema,
  opsMissionLeaderboardSchema,
  opsMissionListSchema,
  opsMissionSchema,
} from '@wps/shared/schemas/missions';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The player's missions and their leaderboard, and the operator's mission sets. */
export function registerMissionsRoutes(app: RouteApp, { missions }: AppServices): void {
  app.get(
    '/wps/relay/MCSFE_getMissionSummaryDetails',
    { schema: { response: success(missionSummarySchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await missions.summary(member.memberId, String(request.headers['language'] ?? 'pt')));
    },
  );

  app.get(
    '/wps/relay/MCSFE_getMissionLeaderboard',
    { schema: { response: success(missionLeaderboardSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await missions.leaderboard(member.memberId));
    },
  );

  app.post(
    '/wps/missions/claim',
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { body: missionClaimBodySchema, response: success(missionClaimResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await missions.claim(member.memberId, request.body.missionId));
    },
  );

  app.get(
    '/ops/missions',
    { config: { permission: 'rewards.read' }, schema: { response: success(opsMissionListSchema) } },
    async () => ok(await missions.listForOps()),
  );

  app.get(
    '/ops/missions/figures',
    { config: { permission: 'rewards.read' }, schema: { response: success(opsMissionFiguresListSchema) } },
    async () => ok(await missions.figures()),
  );

  app.get(
    '/ops/missions/leaderboard',
    { config: { permission: 'rewards.read' }, schema: { response: success(opsMissionLeaderboardSchema) } },
    async () => ok(await missions.opsLeaderboard()),
  );

  app.post(
    '/ops/missions/:id/status',
    {
      config: { permission: 'rewards.write' },
      schema: { params: missionIdParamsSchema, body: missionStatusBodySchema, response: success(opsMissionSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await missions.setStatus(operator.operatorId, request.params.id, request.body));
    },
  );

  // A second operator's decision on a mission waiting above a set-up ceiling: the money permission
  // of manual credits (marketing, which writes missions, does not hold it); the service asks it
  // again of the operator's live role and refuses the asker.
  app.get(
    '/ops/missions/awaiting',
    { config: { permission: 'adjustments.approve' }, schema: { response: success(opsMissionListSchema) } },
    async () => ok(await missions.listAwaiting()),
  );
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/missions/:id/${decision}`,
      {
        config: { permission: 'adjustments.approve' },
        schema: { params: missionIdParamsSchema, body: missionDecisionBodySchema, response: success(opsMissionSchema) },
      },
      async (request) => {
        const operator = await requestOperator(request);
        return ok(await missions.decide(operator, request.params.id, decision, request.body.reason));
      },
    );
  }

  app.post(
    '/ops/missions',
    {
      config: { permission: 'rewards.write' },
      schema: { body: missionInputSchema, response: success(opsMissionSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await missions.save(operator.operatorId, request.body));
    },
  );

  app.put(
    '/ops/missions/:id',
    {
      config: { permission: 'rewards.write' },
      schema: { params: missionIdParamsSchema, body: missionInputSchema, response: success(opsMissionSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await missions.save(operator.operatorId, request.body, request.params.id));
    },
  );
}
