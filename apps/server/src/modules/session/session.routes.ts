import {
  exchangeCodeResultSchema,
  exchangeLoginBodySchema,
  freeplayBodySchema,
  loginBodySchema,
} from '@wps/shared/schemas/session';
import { loginResultSchema } from '@wps/shared/schemas/common';
import { loginAnswerSchema } from '@wps/shared/schemas/login-verification';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { readOrigin } from '../member/member.routes';

/** Login (password or SMS code), free-play login and logout. */
export function registerSessionRoutes(app: RouteApp, services: AppServices): void {
  const { member, session } = services;

  // A session, or the code step for a device the account has not remembered (login-verification).
  app.post(
    '/wps/session/login',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { body: loginBodySchema, response: success(loginAnswerSchema) },
    },
    async (request) => {
      return ok(await member.login(request.body, readOrigin(request)));
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { body: freeplayBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await member.loginFreeplay(request.body, readOrigin(request)));
    },
  );

  // A login code for a link that hands this login to another device or app. Real
  // accounts only, and not while the password must change: the code opens a full session.
  app.post(
    '/wps/session/exchange-code',
    { schema: { response: success(exchangeCodeResultSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await services.loginCodes.mint(auth));
    },
  );

  app.post(
    '/wps/session/login/exchange',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { body: exchangeLoginBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await services.loginCodes.exchange(request.body.code, readOrigin(request)));
    },
  );

  // Any live session may end itself, including trial ones and ones that must change the password.
  app.delete('/wps/session/logout', { schema: { response: success(doneSchema) } }, async (request) => {
    const auth = await requireMember(request, {
      allowTrial: true,
      allowPasswordChange: true,
      allowIdentityMissing: true,
    });
    await session.revoke(auth.sessionId);
    return ok(true);
  });
}
