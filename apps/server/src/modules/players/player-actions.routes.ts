import {
  adjustmentApproveBodySchema,
  adjustmentParamsSchema,
  adjustmentRejectBodySchema,
  adjustmentRequestBodySchema,
  adjustmentSchema,
  adjustmentSettingsSchema,
  adjustmentsPageSchema,
  adjustmentsQuerySchema,
  playerMessageBodySchema,
  playerPayeeNameBodySchema,
  playerReasonBodySchema,
  playerSessionParamsSchema,
  playerStatusBodySchema,
  revokedSessionsSchema,
} from '@wps/shared/schemas/player-actions';
import { playerIdParamsSchema, playerStatusSchema } from '@wps/shared/schemas/players';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import type { OperatorActor } from './player-actions';

async function actorOf(request: FastifyRequest): Promise<OperatorActor> {
  const operator = await requestOperator(request);
  return { actorType: 'operator', actorId: String(operator.operatorId) };
}

/** Changes an operator makes to a player, each audited, and manual adjustments with their approval. */
export function registerPlayerActionsRoutes(app: RouteApp, services: AppServices): void {
  const { playerActions, adjustments } = services;
  const params = playerIdParamsSchema;

  app.put(
    '/ops/players/:memberId/status',
    {
      config: { permission: 'players.write' },
      schema: {
        params,
        body: playerStatusBodySchema,
        response: success(z.object({ status: playerStatusSchema, revokedSessions: z.number().int() })),
      },
    },
    async (request) =>
      ok(
        await playerActions.setStatus(
          await actorOf(request),
          request.params.memberId,
          request.body.status,
          request.body.reason,
        ),
      ),
  );

  app.post(
    '/ops/players/:memberId/payment-password-reset',
    {
      config: { permission: 'players.write' },
      schema: { params, body: playerReasonBodySchema, response: success(doneSchema) },
    },
    async (request) => {
      await playerActions.resetPaymentPassword(await actorOf(request), request.params.memberId, request.body.reason);
      return ok(true);
    },
  );

  app.put(
    '/ops/players/:memberId/payee-name',
    {
      config: { permission: 'players.write' },
      schema: { params, body: playerPayeeNameBodySchema, response: success(z.object({ payeeName: z.string() })) },
    },
    async (request) =>
      ok(
        await playerActions.correctPayeeName(
          await actorOf(request),
          request.params.memberId,
          request.body.payeeName,
          request.body.reason,
        ),
      ),
  );

  app.post(
    '/ops/players/:memberId/messages',
    {
      config: { permission: 'messages.write' },
      schema: { params, body: playerMessageBodySchema, response: success(doneSchema) },
    },
    async (request) => {
      await playerActions.sendMessage(await actorOf(request), request.params.memberId, request.body);
      return ok(true);
    },
  );

  app.delete(
    '/ops/players/:memberId/sessions/:sessionId',
    {
      config: { permission: 'players.write' },
      schema: { params: playerSessionParamsSchema, response: success(doneSchema) },
    },
    async (request) => {
      await playerActions.revokeSession(await actorOf(request), request.params.memberId, request.params.sessionId);
      return ok(true);
    },
  );

  app.delete(
    '/ops/players/:memberId/sessions',
    { config: { permission: 'players.write' }, schema: { params, response: success(revokedSessionsSchema) } },
    async (request) => ok(await playerActions.revokeAllSessions(await actorOf(request), request.params.memberId)),
  );

  app.post(
    '/ops/players/:memberId/adjustments',
    {
      config: { permission: 'adjustments.write', licenceDoors: ['money.in'] },
      schema: { params, body: adjustmentRequestBodySchema, response: success(adjustmentSchema) },
    },
    async (request) => ok(await adjustments.request(await actorOf(request), request.params.memberId, request.body)),
  );

  app.get(
    '/ops/adjustments',
    {
      config: { permission: 'players.read' },
      schema: { querystring: adjustmentsQuerySchema, response: success(adjustmentsPageSchema) },
    },
    async (request) => {
      return ok(await adjustments.list(request.query));
    },
  );

  app.post(
    '/ops/adjustments/:id/approve',
    {
      config: { permission: 'adjustments.approve', licenceDoors: ['money.in'] },
      schema: {
        params: adjustmentParamsSchema,
        body: adjustmentApproveBodySchema,
        response: success(adjustmentSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const approver = { actorType: 'operator' as const, actorId: String(operator.operatorId), role: operator.role };
      return ok(await adjustments.approve(approver, request.params.id, request.body.reason));
    },
  );

  app.post(
    '/ops/adjustments/:id/reject',
    {
      config: { permission: 'adjustments.approve' },
      schema: { params: adjustmentParamsSchema, body: adjustmentRejectBodySchema, response: success(adjustmentSchema) },
    },
    async (request) => ok(await adjustments.reject(await actorOf(request), request.params.id, request.body.reason)),
  );

  // The amount of one request above which an adjustment waits; changed on the settings screen
  // (/ops/operator-money/limits, four eyes for a raise).
  app.get(
    '/ops/adjustment-settings',
    { config: { permission: 'players.read' }, schema: { response: success(adjustmentSettingsSchema) } },
    async () => {
      return ok(await adjustments.getSettings());
    },
  );
}
