import {
  affiliateQuerySchema,
  affiliateResultSchema,
  changePasswordBodySchema,
  forgotPasswordEmailBodySchema,
  memberAvatarSchema,
  memberInfoSchema,
  memberLanguageBodySchema,
  memberLanguageResultSchema,
  playerAvatarListSchema,
  registerBodySchema,
  registerMobileBodySchema,
  resetPasswordByEmailBodySchema,
  resetPasswordByPhoneBodySchema,
  setAvatarBodySchema,
} from '@wps/shared/schemas/member';
import { loginResultSchema } from '@wps/shared/schemas/common';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { readOrigin } from '../../http/request-origin';

/** Registration, member info, language, passwords and the affiliate check. */
export function registerMemberRoutes(app: RouteApp, services: AppServices): void {
  const { member } = services;

  app.put(
    '/wps/member/register',
    {
      // The new account's first session opens in its transaction.
      config: { licenceDoors: ['account.create', 'session.open'] },
      schema: { body: registerBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await member.registerByUsername(request.body, readOrigin(request)));
    },
  );

  app.put(
    '/wps/member/register/mobile',
    {
      config: { licenceDoors: ['account.create', 'session.open'] },
      schema: { body: registerMobileBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await member.registerByMobile(request.body, readOrigin(request)));
    },
  );

  app.get(
    '/wps/agent/affiliate',
    { schema: { querystring: affiliateQuerySchema, response: success(affiliateResultSchema) } },
    async (request) => {
      return ok(await member.checkAffiliate(request.query.code, request.query.domain, readOrigin(request)));
    },
  );

  // Trial accounts may read their info: the header shows the demo account name.
  app.get('/wps/member/info', { schema: { response: success(memberInfoSchema) } }, async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok(await member.getInfo(auth.memberId));
  });

  // Trial accounts see their avatar; choosing one is an account action.
  app.get('/wps/member/info/icon', { schema: { response: success(memberAvatarSchema) } }, async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok(await member.getAvatar(auth.memberId));
  });

  app.put(
    '/wps/member/info/icon',
    { schema: { body: setAvatarBodySchema, response: success(memberAvatarSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await member.setAvatar(auth.memberId, request.body.avatarId));
    },
  );

  app.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    { schema: { response: success(playerAvatarListSchema) } },
    async (request) => {
      const auth = await requireMember(request, { allowTrial: true });
      return ok(await member.listAvatars(auth.memberId));
    },
  );

  app.put(
    '/wps/member/language',
    { schema: { body: memberLanguageBodySchema, response: success(memberLanguageResultSchema) } },
    async (request) => {
      const auth = await requireMember(request, { allowTrial: true });
      return ok({ language: await member.setLanguage(auth.memberId, request.body.language) });
    },
  );

  app.post(
    '/wps/member/password',
    { schema: { body: changePasswordBodySchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request, { allowPasswordChange: true });
      await member.changePassword(auth, request.body);
      return ok(true);
    },
  );

  app.post(
    '/wps/member/password/email',
    { schema: { body: forgotPasswordEmailBodySchema, response: success(doneSchema) } },
    async (request) => {
      await member.requestEmailReset(request.body, readOrigin(request));
      return ok(true);
    },
  );

  app.post(
    '/wps/member/password/reset',
    { schema: { body: resetPasswordByEmailBodySchema, response: success(doneSchema) } },
    async (request) => {
      await member.resetWithEmailToken(request.body, readOrigin(request));
      return ok(true);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      // A reset by SMS code logs the player in with the new password.
      config: { licenceDoors: ['session.open'] },
      schema: { body: resetPasswordByPhoneBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await member.resetByPhone(request.body, readOrigin(request)));
    },
  );
}
