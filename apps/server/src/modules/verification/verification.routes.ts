import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import type { WhitelabelModule } from '@wps/shared/constants';
import { captchaQuerySchema } from '@wps/shared/schemas/session';
import {
  captchaImageSchema,
  outboxEmailMessageSchema,
  outboxEmailQuerySchema,
  outboxSmsMessageSchema,
  outboxSmsQuerySchema,
  smsLoginBodySchema,
  smsPasswordBodySchema,
  smsRegisterBodySchema,
  smsSentResultSchema,
  type OutboxEmailMessage,
  type OutboxSmsMessage,
} from '@wps/shared/schemas/verification';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { AppError } from '../../http/app-error';
import { headerLanguage } from '../../http/request-language';
import type { AppServices } from '../../services';
import { createPhoneNormaliser } from '../member/phone-numbers';

/** Captcha images one IP may fetch per minute. */
const CAPTCHA_PER_IP = { limit: 30, windowSeconds: 60 };
/** Newest messages the dev outbox returns. */
const OUTBOX_PAGE = 50;

async function requireModule(services: AppServices, module: WhitelabelModule): Promise<void> {
  if (!(await services.system.isModuleEnabled(module))) {
    throw new AppError(ErrorCode.FEATURE_DISABLED, 'This feature is not enabled', { module });
  }
}

/**
 * Captcha and SMS-code calls, plus the dev outbox (only while the outbox provider is active, and
 * never in production).
 * Sending never looks at the member table, so the answer is the same for registered and unknown
 * numbers; login and reset simply fail later for a number without an account.
 */
export function registerVerificationRoutes(app: RouteApp, services: AppServices): void {
  const { captcha, notifier, otp, rateLimiter } = services;
  // Codes are keyed by the E.164 number, as registration, SMS login and reset look them up.
  const phones = createPhoneNormaliser(services.system);

  app.get(
    '/wps/captcha',
    { schema: { querystring: captchaQuerySchema, response: success(captchaImageSchema) } },
    async (request) => {
      await rateLimiter.consume('captcha-ip', request.ip, CAPTCHA_PER_IP.limit, CAPTCHA_PER_IP.windowSeconds);
      return ok(await captcha.issue(request.query.captchaKey));
    },
  );

  // Captcha fields in the body belong to the client's verification widget; the code itself is
  // protected by the per-number and per-IP limits, so they are not checked here.
  app.post(
    '/wps/verification/sms/register',
    { schema: { body: smsRegisterBodySchema, response: success(smsSentResultSchema) } },
    async (request) => {
      const { countryDialingCode, mobileNo } = request.body;
      const phone = await phones.normalise(countryDialingCode, mobileNo, {
        dialingCode: 'countryDialingCode',
        mobile: 'mobileNo',
      });
      return ok(
        await otp.send({
          purpose: 'register',
          dialingCode: phone.dialingCode,
          mobile: phone.nationalNumber,
          ip: request.ip,
          language: headerLanguage(request),
        }),
      );
    },
  );

  app.post(
    '/wps/verification/sms/noLogin',
    { schema: { body: smsLoginBodySchema, response: success(smsSentResultSchema) } },
    async (request) => {
      await requireModule(services, 'MOBILEVERCODELOGIN3');
      const { countryDialingCode, mobileNum } = request.body;
      const phone = await phones.normalise(countryDialingCode, mobileNum);
      return ok(
        await otp.send({
          purpose: 'login',
          dialingCode: phone.dialingCode,
          mobile: phone.nationalNumber,
          ip: request.ip,
          language: headerLanguage(request),
        }),
      );
    },
  );

  app.post(
    '/wps/verification/sms/password',
    { schema: { body: smsPasswordBodySchema, response: success(smsSentResultSchema) } },
    async (request) => {
      await requireModule(services, 'CHNGPASSVERIF3');
      const { countryDialingCode, mobileNum } = request.body;
      const phone = await phones.normalise(countryDialingCode, mobileNum);
      return ok(
        await otp.send({
          purpose: 'reset',
          dialingCode: phone.dialingCode,
          mobile: phone.nationalNumber,
          ip: request.ip,
          language: headerLanguage(request),
        }),
      );
    },
  );

  if (notifier.servesDevOutbox('sms')) {
    app.get(
      '/dev/outbox/sms',
      { schema: { querystring: outboxSmsQuerySchema, response: success(z.array(outboxSmsMessageSchema)) } },
      async (request) => {
        const entries = await notifier.readOutbox('sms');
        const messages: OutboxSmsMessage[] = entries
          .filter((e) => e.to === request.query.mobile)
          .reverse()
          .slice(0, OUTBOX_PAGE)
          .map((e) => ({ to: e.to, text: e.text, code: /\b(\d{6})\b/.exec(e.text)?.[1] ?? null, at: e.at }));
        return ok(messages);
      },
    );
  }
  if (notifier.servesDevOutbox('email')) {
    app.get(
      '/dev/outbox/email',
      { schema: { querystring: outboxEmailQuerySchema, response: success(z.array(outboxEmailMessageSchema)) } },
      async (request) => {
        const to = request.query.to.toLowerCase();
        const entries = await notifier.readOutbox('email');
        const messages: OutboxEmailMessage[] = entries
          .filter((e) => e.to.toLowerCase() === to)
          .reverse()
          .slice(0, OUTBOX_PAGE)
          .map((e) => ({ to: e.to, subject: e.subject ?? '', text: e.text, at: e.at }));
        return ok(messages);
      },
    );
  }
}
