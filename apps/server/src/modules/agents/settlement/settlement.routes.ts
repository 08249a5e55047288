import {
  agentIncomePageSchema,
  agentIncomeQuerySchema,
  opsStatementsPageSchema,
  opsStatementsQuerySchema,
  payeeHoldBodySchema,
  payeeHoldParamsSchema,
  payeeHoldSchema,
  payeeHoldsQuerySchema,
  payeeHoldsSchema,
  payeeReleaseBodySchema,
  payeeReleaseResultSchema,
  settlementRerunBodySchema,
  settlementRunDetailSchema,
  settlementRunParamsSchema,
  settlementRunSchema,
  settlementRunsPageSchema,
  settlementRunsQuerySchema,
  statementParamsSchema,
  statementSchema,
} from '@wps/shared/schemas/agent-settlement';
import type { RouteApp } from '../../../app-types';
import { ok } from '../../../http/envelope';
import { success } from '../../../openapi/responses';
import type { AppServices } from '../../../services';
import { requestOperator } from '../../operator/operator-auth';
import { requireAgent } from '../agents.routes';

/** Agent settlement: operators' runs, statements and holds; an agent's own income. */
export function registerAgentSettlementRoutes(app: RouteApp, { agentSettlement: settlement }: AppServices): void {
  app.get(
    '/wps/agent/centre/income',
    { schema: { querystring: agentIncomeQuerySchema, response: success(agentIncomePageSchema) } },
    async (request) => {
      const member = await requireAgent(request);
      return ok(await settlement.income(member.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/income/:statementId',
    { schema: { params: statementParamsSchema, response: success(statementSchema) } },
    async (request) => {
      const member = await requireAgent(request);
      return ok(await settlement.incomeStatement(member.memberId, request.params.statementId));
    },
  );

  app.get(
    '/ops/agents/settlement/runs',
    {
      config: { permission: 'agents.read' },
      schema: { querystring: settlementRunsQuerySchema, response: success(settlementRunsPageSchema) },
    },
    async (request) => ok(await settlement.listRuns(request.query)),
  );

  app.get(
    '/ops/agents/settlement/runs/:runId',
    {
      config: { permission: 'agents.read' },
      schema: { params: settlementRunParamsSchema, response: success(settlementRunDetailSchema) },
    },
    async (request) => ok(await settlement.runDetail(request.params.runId)),
  );

  app.post(
    '/ops/agents/settlement/runs/:runId/rerun',
    {
      config: { permission: 'agents.write' },
      schema: {
        params: settlementRunParamsSchema,
        body: settlementRerunBodySchema,
        response: success(settlementRunSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await settlement.rerun(String(operator.operatorId), request.params.runId, request.body.reason));
    },
  );

  app.get(
    '/ops/agents/statements',
    {
      config: { permission: 'agents.read' },
      schema: { querystring: opsStatementsQuerySchema, response: success(opsStatementsPageSchema) },
    },
    async (request) => ok(await settlement.listStatements(request.query)),
  );

  app.get(
    '/ops/agents/statements/:statementId',
    {
      config: { permission: 'agents.read' },
      schema: { params: statementParamsSchema, response: success(statementSchema) },
    },
    async (request) => ok(await settlement.statement(request.params.statementId)),
  );

  app.get(
    '/ops/agents/holds',
    {
      config: { permission: 'agents.read' },
      schema: { querystring: payeeHoldsQuerySchema, response: success(payeeHoldsSchema) },
    },
    async (request) => ok(await settlement.listHolds(request.query)),
  );

  app.post(
    '/ops/agents/holds',
    {
      config: { permission: 'agents.write' },
      schema: { body: payeeHoldBodySchema, response: success(payeeHoldSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await settlement.hold(String(operator.operatorId), request.body.memberId, request.body.reason));
    },
  );

  app.delete(
    '/ops/agents/holds/:holdId',
    {
      config: { permission: 'agents.write' },
      schema: {
        params: payeeHoldParamsSchema,
        body: payeeReleaseBodySchema,
        response: success(payeeReleaseResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await settlement.release(String(operator.operatorId), request.params.holdId, request.body.reason));
    },
  );
}
