import {
  centreAnnouncementsQuerySchema,
  centreAnnouncementsSchema,
  centreDevicePassParamsSchema,
  centreDevicePassResultSchema,
  centreOverviewSchema,
  centreRegisterBodySchema,
  centreRegisterResultSchema,
  centreTransferBodySchema,
  centreTransferResultSchema,
  downlinesPageSchema,
  downlinesQuerySchema,
  linkCreateBodySchema,
  linkDeletedSchema,
  linkParamsSchema,
  linkPatchBodySchema,
  linkSchema,
  linksSchema,
  teamBetsPageSchema,
  teamBetsQuerySchema,
  teamPageSchema,
  teamQuerySchema,
  teamTransactionsPageSchema,
  teamTransactionsQuerySchema,
  userLossPageSchema,
  userLossQuerySchema,
} from '@wps/shared/schemas/agent-centre';
import type { RouteApp } from '../../../app-types';
import { ok } from '../../../http/envelope';
import { success } from '../../../openapi/responses';
import type { AppServices } from '../../../services';
import { requireAgent } from '../agents.routes';

/**
 * The agent centre (token, agents only: AGENT_ONLY for anyone else): the team's figures and
 * lists, the register centre, transfers to a direct downline and invitation links. The contracts
 * page uses the four contract process calls (agents.routes.ts).
 */
export function registerAgentCentreRoutes(app: RouteApp, { agentCentre, transfer, member }: AppServices): void {
  const { reads, links, announcements } = agentCentre;

  app.get('/wps/agent/centre/overview', { schema: { response: success(centreOverviewSchema) } }, async (request) => {
    const agent = await requireAgent(request);
    return ok(await reads.overview(agent.memberId));
  });

  app.get(
    '/wps/agent/centre/downlines',
    { schema: { querystring: downlinesQuerySchema, response: success(downlinesPageSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await reads.downlines(agent.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/team',
    { schema: { querystring: teamQuerySchema, response: success(teamPageSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await reads.team(agent.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/bets',
    { schema: { querystring: teamBetsQuerySchema, response: success(teamBetsPageSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await reads.bets(agent.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/user-loss',
    { schema: { querystring: userLossQuerySchema, response: success(userLossPageSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await reads.userLoss(agent.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/transactions',
    { schema: { querystring: teamTransactionsQuerySchema, response: success(teamTransactionsPageSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await reads.transactions(agent.memberId, request.query));
    },
  );

  app.get(
    '/wps/agent/centre/announcements',
    { schema: { querystring: centreAnnouncementsQuerySchema, response: success(centreAnnouncementsSchema) } },
    async (request) => {
      await requireAgent(request);
      return ok(await announcements(request.headers['accept-language'], request.query));
    },
  );

  app.post(
    '/wps/agent/centre/register',
    {
      config: { licenceDoors: ['account.create'] },
      schema: { body: centreRegisterBodySchema, response: success(centreRegisterResultSchema) },
    },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await member.createDownline(agent.memberId, request.body));
    },
  );

  app.post(
    '/wps/agent/centre/transfer',
    {
      config: { licenceDoors: ['money.transfer'] },
      schema: { body: centreTransferBodySchema, response: success(centreTransferResultSchema) },
    },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await transfer.transferToDownline(agent.memberId, request.body.memberId, request.body));
    },
  );

  // A downline with no mobile and no e-mail receives no login code: the agent lets its next login through.
  app.post(
    '/wps/agent/centre/downlines/:memberId/device-pass',
    { schema: { params: centreDevicePassParamsSchema, response: success(centreDevicePassResultSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await agentCentre.grantDevicePass(agent.memberId, request.params.memberId));
    },
  );

  app.get('/wps/agent/centre/links', { schema: { response: success(linksSchema) } }, async (request) => {
    const agent = await requireAgent(request);
    return ok({ list: await links.list(agent.memberId) });
  });

  app.post(
    '/wps/agent/centre/links',
    { schema: { body: linkCreateBodySchema, response: success(linkSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await links.create(agent.memberId, request.body));
    },
  );

  app.patch(
    '/wps/agent/centre/links/:linkId',
    { schema: { params: linkParamsSchema, body: linkPatchBodySchema, response: success(linkSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await links.setEnabled(agent.memberId, request.params.linkId, request.body.enabled));
    },
  );

  app.delete(
    '/wps/agent/centre/links/:linkId',
    { schema: { params: linkParamsSchema, response: success(linkDeletedSchema) } },
    async (request) => {
      const agent = await requireAgent(request);
      return ok(await links.remove(agent.memberId, request.params.linkId));
    },
  );
}
