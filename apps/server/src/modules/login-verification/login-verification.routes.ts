import {
  loginVerifiedResultSchema,
  loginVerifyBodySchema,
  newDeviceSummarySchema,
  opsTrustedDeviceParamsSchema,
  opsTrustedDeviceRevokeBodySchema,
  trustedDeviceListSchema,
  trustedDeviceParamsSchema,
  trustedDevicesRevokedSchema,
} from '@wps/shared/schemas/login-verification';
import { playerIdParamsSchema } from '@wps/shared/schemas/players';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { readOrigin } from '../../http/request-origin';
import { issueRefreshCookie, type CookieSecurity } from '../session/refresh-cookie';
import { requestOperator } from '../operator/operator-auth';

/** The code step of a login from a new device, and remembered devices (player and back office). */
export function registerLoginVerificationRoutes(app: RouteApp, services: AppServices, security: CookieSecurity): void {
  const { loginVerification, member } = services;

  app.post(
    '/wps/session/login/verify',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { body: loginVerifyBodySchema, response: success(loginVerifiedResultSchema) },
    },
    async (request, reply) => {
      const origin = readOrigin(request);
      const answer = await loginVerification.verify(request.body, origin, (login) =>
        member.loginVerified(login, origin),
      );
      await issueRefreshCookie(services, reply, request, security, answer, request.body.rememberMe);
      return ok(answer);
    },
  );

  app.get(
    '/wps/member/trusted-devices',
    { schema: { response: success(trustedDeviceListSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await loginVerification.list(auth.memberId));
    },
  );

  app.delete(
    '/wps/member/trusted-devices',
    { schema: { response: success(trustedDevicesRevokedSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await loginVerification.revokeByMember(auth.memberId));
    },
  );

  app.delete(
    '/wps/member/trusted-devices/:deviceId',
    { schema: { params: trustedDeviceParamsSchema, response: success(trustedDevicesRevokedSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await loginVerification.revokeByMember(auth.memberId, request.params.deviceId));
    },
  );

  // The note under the back office's switch: how many active accounts no login code can reach.
  app.get(
    '/ops/login-verification/summary',
    { config: { permission: 'settings.read' }, schema: { response: success(newDeviceSummarySchema) } },
    async () => ok(await loginVerification.summary()),
  );

  app.get(
    '/ops/players/:memberId/trusted-devices',
    {
      config: { permission: 'players.read' },
      schema: { params: playerIdParamsSchema, response: success(trustedDeviceListSchema) },
    },
    async (request) => ok(await loginVerification.list(request.params.memberId)),
  );

  // DELETE with a body: the reason is audited with the revocation.
  app.post(
    '/ops/players/:memberId/trusted-devices/revoke',
    {
      config: { permission: 'players.write' },
      schema: {
        params: playerIdParamsSchema,
        body: opsTrustedDeviceRevokeBodySchema,
        response: success(trustedDevicesRevokedSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await loginVerification.revokeByOperator(
          { actorType: 'operator', actorId: String(operator.operatorId) },
          request.params.memberId,
          undefined,
          request.body.reason,
        ),
      );
    },
  );

  app.post(
    '/ops/players/:memberId/trusted-devices/:deviceId/revoke',
    {
      config: { permission: 'players.write' },
      schema: {
        params: opsTrustedDeviceParamsSchema,
        body: opsTrustedDeviceRevokeBodySchema,
        response: success(trustedDevicesRevokedSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await loginVerification.revokeByOperator(
          { actorType: 'operator', actorId: String(operator.operatorId) },
          request.params.memberId,
          request.params.deviceId,
          request.body.reason,
        ),
      );
    },
  );
}
