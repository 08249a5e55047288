import type { FastifyRequest } from 'fastify';
import {
  affiliateQuerySchema,
  changePasswordBodySchema,
  forgotPasswordEmailBodySchema,
  memberLanguageBodySchema,
  registerBodySchema,
  registerMobileBodySchema,
  resetPasswordByEmailBodySchema,
  resetPasswordByPhoneBodySchema,
  setAvatarBodySchema,
} from '@wps/shared/schemas/member';
import type { RouteApp } from '../../app';
import { ok } from '../../http/envelope';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import type { RequestOrigin } from './member.service';

/** Caller details every account call needs: IP (for limits), user agent and Language header. */
export function readOrigin(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  const language = request.headers.language;
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : null,
    language: typeof language === 'string' ? language : undefined,
  };
}

/** Registration, member info, language, passwords and the affiliate check. */
export function registerMemberRoutes(app: RouteApp, services: AppServices): void {
  const { member } = services;

  app.put('/wps/member/register', { schema: { body: registerBodySchema } }, async (request) => {
    return ok(await member.registerByUsername(request.body, readOrigin(request)));
  });

  app.put('/wps/member/register/mobile', { schema: { body: registerMobileBodySchema } }, async (request) => {
    return ok(await member.registerByMobile(request.body, readOrigin(request)));
  });

  app.get('/wps/agent/affiliate', { schema: { querystring: affiliateQuerySchema } }, async (request) => {
    return ok(await member.checkAffiliate(request.query.code, request.query.domain, readOrigin(request)));
  });

  // Trial accounts may read their info: the header shows the demo account name.
  app.get('/wps/member/info', async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok(await member.getInfo(auth.memberId));
  });

  // Trial accounts see their avatar; choosing one is an account action (spec §6).
  app.get('/wps/member/info/icon', async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok(await member.getAvatar(auth.memberId));
  });

  app.put('/wps/member/info/icon', { schema: { body: setAvatarBodySchema } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await member.setAvatar(auth.memberId, request.body.avatarId));
  });

  app.get('/wps/relay/MCSFE_getPlayerAvatar', async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok(await member.listAvatars(auth.memberId));
  });

  app.put('/wps/member/language', { schema: { body: memberLanguageBodySchema } }, async (request) => {
    const auth = await requireMember(request, { allowTrial: true });
    return ok({ language: await member.setLanguage(auth.memberId, request.body.language) });
  });

  app.post('/wps/member/password', { schema: { body: changePasswordBodySchema } }, async (request) => {
    const auth = await requireMember(request, { allowPasswordChange: true });
    await member.changePassword(auth, request.body);
    return ok(true);
  });

  app.post('/wps/member/password/email', { schema: { body: forgotPasswordEmailBodySchema } }, async (request) => {
    await member.requestEmailReset(request.body, readOrigin(request));
    return ok(true);
  });

  app.post('/wps/member/password/reset', { schema: { body: resetPasswordByEmailBodySchema } }, async (request) => {
    await member.resetWithEmailToken(request.body, readOrigin(request));
    return ok(true);
  });

  app.post('/wps/member/password/verification', { schema: { body: resetPasswordByPhoneBodySchema } }, async (request) => {
    return ok(await member.resetByPhone(request.body, readOrigin(request)));
  });
}
