import { agentMemberParamsSchema, agentMoveBodySchema, agentMoveResultSchema, agentTeamSchema } from '@wps/shared/schemas/agents';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The back office's agent tree: a member's place in it, and the audited move of a member with its team. */
export function registerAgentsRoutes(app: RouteApp, { agents }: AppServices): void {
  app.get('/ops/agents/:memberId', { config: { permission: 'agents.read' }, schema: { params: agentMemberParamsSchema, response: success(agentTeamSchema) } }, async (request) =>
    ok(await agents.tree.getTeam(request.params.memberId)),
  );

  app.post(
    '/ops/agents/:memberId/move',
    { config: { permission: 'agents.write' }, schema: { params: agentMemberParamsSchema, body: agentMoveBodySchema, response: success(agentMoveResultSchema) } },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await agents.tree.move(String(operator.operatorId), request.params.memberId, request.body));
    },
  );
}
