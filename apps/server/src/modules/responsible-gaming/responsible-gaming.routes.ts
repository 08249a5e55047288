import { playerIdParamsSchema } from '@wps/shared/schemas/players';
import {
  rgExclusionStartedSchema,
  rgLimitKindBodySchema,
  rgOpsPlayerSchema,
  rgRealityCheckBodySchema,
  rgReopenBodySchema,
  rgReopenResultSchema,
  rgSelfExclusionBodySchema,
  rgSessionSummarySchema,
  rgSetLimitsBodySchema,
  rgStatusSchema,
  rgTimeOutBodySchema,
} from '@wps/shared/schemas/responsible-gaming';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const BASE = '/wps/responsible-gaming';

/** The player's responsible-gaming page (limits, reality check, time-out, self-exclusion) and the back office's read-only view. */
export function registerResponsibleGamingRoutes(app: RouteApp, services: AppServices): void {
  const rg = services.responsibleGaming;
  const me = (memberId: string) => ({ actorType: 'member' as const, actorId: memberId });

  app.get(BASE, { schema: { response: success(rgStatusSchema) } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await rg.limits.status(auth.memberId));
  });

  app.put(
    `${BASE}/limits`,
    { schema: { body: rgSetLimitsBodySchema, response: success(rgStatusSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.limits.change(auth.memberId, request.body, me(auth.memberId)));
    },
  );

  app.post(
    `${BASE}/limits/confirm`,
    { schema: { body: rgLimitKindBodySchema, response: success(rgStatusSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.limits.confirm(auth.memberId, request.body.kind, me(auth.memberId)));
    },
  );

  app.post(
    `${BASE}/limits/cancel`,
    { schema: { body: rgLimitKindBodySchema, response: success(rgStatusSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.limits.cancel(auth.memberId, request.body.kind, me(auth.memberId)));
    },
  );

  app.put(
    `${BASE}/reality-check`,
    { schema: { body: rgRealityCheckBodySchema, response: success(rgStatusSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.limits.setRealityCheck(auth.memberId, request.body.minutes, me(auth.memberId)));
    },
  );

  app.get(`${BASE}/session`, { schema: { response: success(rgSessionSummarySchema) } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await rg.sessionSummary(auth.memberId, auth.sessionId));
  });

  app.post(
    `${BASE}/time-out`,
    { schema: { body: rgTimeOutBodySchema, response: success(rgExclusionStartedSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.access.startTimeOut(auth.memberId, request.body, me(auth.memberId)));
    },
  );

  app.post(
    `${BASE}/self-exclusion`,
    { schema: { body: rgSelfExclusionBodySchema, response: success(rgExclusionStartedSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await rg.access.startSelfExclusion(auth.memberId, request.body, me(auth.memberId)));
    },
  );

  // No session: the player is excluded. The token from the refused login proves the password.
  app.post(
    `${BASE}/self-exclusion/reopen`,
    { schema: { body: rgReopenBodySchema, response: success(rgReopenResultSchema) } },
    async (request) => {
      return ok(await rg.access.requestReopen(request.body.token));
    },
  );

  app.get(
    '/ops/players/:memberId/responsible-gaming',
    {
      config: { permission: 'players.read' },
      schema: { params: playerIdParamsSchema, response: success(rgOpsPlayerSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await rg.opsView(String(operator.operatorId), request.params.memberId));
    },
  );
}
