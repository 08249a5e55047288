import {
  agentAuditQuerySchema,
  agentDownlinesPageSchema,
  agentDownlinesQuerySchema,
  agentReportQuerySchema,
  agentReportSchema,
  agentSearchQuerySchema,
  agentSearchResultSchema,
  agentTypeBodySchema,
  agentTypeResultSchema,
  houseContractChangeParamsSchema,
  houseContractChangesSchema,
  houseContractDecisionBodySchema,
  opsContractDetailSchema,
  opsContractParamsSchema,
  opsContractsPageSchema,
  opsContractsQuerySchema,
} from '@wps/shared/schemas/agent-ops';
import { agentMemberParamsSchema, houseContractChangeSchema } from '@wps/shared/schemas/agents';
import { auditPageSchema } from '@wps/shared/schemas/operator';
import type { RouteApp } from '../../../app-types';
import { ok } from '../../../http/envelope';
import { success } from '../../../openapi/responses';
import type { AppServices } from '../../../services';
import { withActorNames } from '../../audit/audit.routes';
import { requestOperator } from '../../operator/operator-auth';

const READ = { permission: 'agents.read' } as const;
const WRITE = { permission: 'agents.write' } as const;

/**
 * The back office's agent screens: the tree searched by account and walked a level at a time, a
 * member's agent-side audit entries, the change of an account type, contracts oversight and the
 * team reports. (The move and the house contract are in agents.routes.ts.)
 */
export function registerAgentOpsRoutes(app: RouteApp, { agents, operators }: AppServices): void {
  const params = agentMemberParamsSchema;

  app.get(
    '/ops/agents/search',
    { config: READ, schema: { querystring: agentSearchQuerySchema, response: success(agentSearchResultSchema) } },
    async (request) => ok(await agents.ops.search(request.query.account, request.query.agentsOnly)),
  );

  app.get(
    '/ops/agents/contracts',
    { config: READ, schema: { querystring: opsContractsQuerySchema, response: success(opsContractsPageSchema) } },
    async (request) => ok(await agents.oversight.listContracts(request.query)),
  );

  app.get(
    '/ops/agents/contracts/:contractId',
    { config: READ, schema: { params: opsContractParamsSchema, response: success(opsContractDetailSchema) } },
    async (request) => ok(await agents.oversight.contract(request.params.contractId)),
  );

  app.get(
    '/ops/agents/contract-changes',
    { config: READ, schema: { response: success(houseContractChangesSchema) } },
    async () => ok({ list: await agents.houseContracts.listPending() }),
  );

  // A house contract waiting for a second operator: the route asks the money permission of manual
  // credits (setting one asks agents.write); the service asks it again of the operator's live role
  // through the operator money policy, and refuses the asker.
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/agents/contract-changes/:changeId/${decision}`,
      {
        config: { permission: 'adjustments.approve' },
        schema: {
          params: houseContractChangeParamsSchema,
          body: houseContractDecisionBodySchema,
          response: success(houseContractChangeSchema),
        },
      },
      async (request) => {
        const operator = await requestOperator(request);
        return ok(await agents.houseContracts[decision](operator, request.params.changeId, request.body.reason));
      },
    );
  }

  app.get(
    '/ops/agents/:memberId/downlines',
    {
      config: READ,
      schema: { params, querystring: agentDownlinesQuerySchema, response: success(agentDownlinesPageSchema) },
    },
    async (request) => ok(await agents.ops.downlines(request.params.memberId, request.query)),
  );

  app.get(
    '/ops/agents/:memberId/audit',
    { config: READ, schema: { params, querystring: agentAuditQuerySchema, response: success(auditPageSchema) } },
    async (request) => {
      const page = await agents.ops.auditOf(request.params.memberId, request.query.page, request.query.pageSize);
      // Operators by username, not by id: the back office shows who did it.
      return ok({ ...page, list: await withActorNames({ operators }, page.list) });
    },
  );

  app.get(
    '/ops/agents/:memberId/report',
    { config: READ, schema: { params, querystring: agentReportQuerySchema, response: success(agentReportSchema) } },
    async (request) => ok(await agents.oversight.report(request.params.memberId, request.query.from, request.query.to)),
  );

  app.put(
    '/ops/agents/:memberId/type',
    { config: WRITE, schema: { params, body: agentTypeBodySchema, response: success(agentTypeResultSchema) } },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await agents.ops.setType(String(operator.operatorId), request.params.memberId, request.body));
    },
  );
}
