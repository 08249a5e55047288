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
import { AppError } from '../../http/app-error';
import { readOrigin } from '../../http/request-origin';
import {
  clearRefreshCookie,
  issueRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
  type CookieSecurity,
} from './refresh-cookie';

/** Login (password or SMS code), free-play login, the refresh cookie's session and logout. */
export function registerSessionRoutes(app: RouteApp, services: AppServices, security: CookieSecurity): void {
  const { member, session } = services;

  // A session, or the code step for a device the account has not remembered (login-verification).
  app.post(
    '/wps/session/login',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { body: loginBodySchema, response: success(loginAnswerSchema) },
    },
    async (request, reply) => {
      const answer = await member.login(request.body, readOrigin(request));
      // A session: the browser keeps the sign-in in its refresh cookie (remember-me: 30 days).
      await issueRefreshCookie(services, reply, request, security, answer, request.body.rememberMe);
      return ok(answer);
    },
  );

  // A tab without a session (a second tab, the browser reopened) opens one from the refresh cookie.
  // A refresh opens a session: the same door and guards as a login (member.resumeSession).
  app.post(
    '/wps/session/refresh',
    {
      config: { licenceDoors: ['session.open'] },
      schema: { response: success(loginResultSchema) },
    },
    async (request, reply) => {
      const origin = readOrigin(request);
      try {
        const { result, cookie } = await services.refreshTokens.refresh(
          readRefreshCookie(request),
          (memberId, familyId) => member.resumeSession(memberId, familyId, origin),
        );
        setRefreshCookie(reply, request, security, cookie);
        return ok(result);
      } catch (error) {
        // A refused refresh leaves nothing worth keeping in the browser.
        if (error instanceof AppError) clearRefreshCookie(reply, request, security);
        throw error;
      }
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
  // The session's sign-in goes too (its refresh family, and the sessions other tabs opened from it),
  // and the browser's refresh cookie is cleared.
  app.delete('/wps/session/logout', { schema: { response: success(doneSchema) } }, async (request, reply) => {
    const auth = await requireMember(request, {
      allowTrial: true,
      allowPasswordChange: true,
      allowIdentityMissing: true,
    });
    await session.revoke(auth.sessionId);
    clearRefreshCookie(reply, request, security);
    return ok(true);
  });
}
