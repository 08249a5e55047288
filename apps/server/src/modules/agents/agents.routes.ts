import { isAgentType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  agentMemberParamsSchema,
  agentMoveBodySchema,
  agentMoveResultSchema,
  agentTeamSchema,
  contractProcessBodySchema,
  contractViewSchema,
  houseContractBodySchema,
  houseContractParamsSchema,
  houseContractResultSchema,
  type ContractType,
} from '@wps/shared/schemas/agents';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The spec's process call of each contract type (POST under /wps/relay/, token, agents only). */
const PROCESS_CALLS: Record<ContractType, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily_salary: '/wps/relay/MCS2_processDailySalContract',
  hourly_salary: '/wps/relay/MCS2_processContractHourSalary',
  realtime_salary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

/** The member behind the token, refused unless it is an agent (only agents reach the agent side). */
export async function requireAgent(request: FastifyRequest) {
  const member = await requireMember(request);
  if (!isAgentType(member.type)) throw new AppError(ErrorCode.AGENT_ONLY, 'Only agents can use this');
  return member;
}

/** The agents' contract calls, and the back office's agent tree and house contracts. */
export function registerAgentsRoutes(app: RouteApp, { agents }: AppServices): void {
  for (const [type, path] of Object.entries(PROCESS_CALLS) as [ContractType, string][]) {
    app.post(
      path,
      { schema: { body: contractProcessBodySchema, response: success(contractViewSchema) } },
      async (request) => {
        const member = await requireAgent(request);
        return ok(await agents.contracts.process(member.memberId, type, request.body));
      },
    );
  }

  app.get(
    '/ops/agents/:memberId',
    {
      config: { permission: 'agents.read' },
      schema: { params: agentMemberParamsSchema, response: success(agentTeamSchema) },
    },
    async (request) => ok(await agents.tree.getTeam(request.params.memberId)),
  );

  app.post(
    '/ops/agents/:memberId/move',
    {
      config: { permission: 'agents.write' },
      schema: { params: agentMemberParamsSchema, body: agentMoveBodySchema, response: success(agentMoveResultSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await agents.tree.move(String(operator.operatorId), request.params.memberId, request.body));
    },
  );

  app.put(
    '/ops/agents/:memberId/contracts/:type',
    {
      config: { permission: 'agents.write' },
      schema: {
        params: houseContractParamsSchema,
        body: houseContractBodySchema,
        response: success(houseContractResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await agents.houseContracts.request(
          String(operator.operatorId),
          request.params.memberId,
          request.params.type,
          request.body,
        ),
      );
    },
  );
}
