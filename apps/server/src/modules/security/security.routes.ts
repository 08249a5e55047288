import { z } from 'zod';
import {
  bankParamsSchema,
  bankStatusBodySchema,
  opsBankListItemSchema,
  opsBankSchema,
  saveBankBodySchema,
} from '@wps/shared/schemas/banks';
import {
  bankAccountSummarySchema,
  bankSchema,
  bindBankAccountBodySchema,
  bindPixKeyBodySchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  emailBindCodeBodySchema,
  emailCodeSentSchema,
  payeeNameBodySchema,
  payeeNameResultSchema,
  paymentPasswordBodySchema,
  securitySummarySchema,
  smsBindCodeBodySchema,
} from '@wps/shared/schemas/security';
import { smsSentResultSchema } from '@wps/shared/schemas/verification';
import { headerLanguage } from '../../http/request-language';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/**
 * The security centre calls. Every one needs a real (non-trial) member's token: trial accounts
 * get in_need_true_account. The payment password body is encrypted (ENCRYPTED_PATHS). Then the
 * operator's bank list (/ops/banks), whose enabled banks the security centre offers.
 */
export function registerSecurityRoutes(app: RouteApp, services: AppServices): void {
  const { security } = services;

  app.get('/wps/member/security', { schema: { response: success(securitySummarySchema) } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await security.getSummary(auth.memberId));
  });

  app.put(
    '/wps/member/payment-password',
    { schema: { body: paymentPasswordBodySchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      await security.setPaymentPassword(auth.memberId, request.body);
      return ok(true);
    },
  );

  app.put(
    '/wps/member/payee-name',
    { schema: { body: payeeNameBodySchema, response: success(payeeNameResultSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok({ payeeName: await security.setPayeeName(auth.memberId, request.body.payeeName) });
    },
  );

  app.get('/wps/member/banks', { schema: { response: success(z.array(bankSchema)) } }, async (request) => {
    await requireMember(request);
    return ok(await security.listBanks());
  });

  app.put(
    '/wps/member/bank-accounts',
    { schema: { body: bindBankAccountBodySchema, response: success(z.array(bankAccountSummarySchema)) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await security.bindBankAccount(auth.memberId, request.body));
    },
  );

  app.put(
    '/wps/member/pix-keys',
    { schema: { body: bindPixKeyBodySchema, response: success(z.array(bankAccountSummarySchema)) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(await security.bindPixKey(auth.memberId, request.body));
    },
  );

  app.post(
    '/wps/verification/email/bind',
    { schema: { body: emailBindCodeBodySchema, response: success(emailCodeSentSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(
        await security.sendEmailBindCode(auth.memberId, request.body.email, {
          ip: request.ip,
          language: headerLanguage(request),
        }),
      );
    },
  );

  app.post(
    '/wps/member/email',
    { schema: { body: bindEmailBodySchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      await security.bindEmail(auth.memberId, request.body);
      return ok(true);
    },
  );

  app.post(
    '/wps/verification/sms/bind',
    { schema: { body: smsBindCodeBodySchema, response: success(smsSentResultSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok(
        await security.sendMobileBindCode(auth.memberId, request.body, {
          ip: request.ip,
          language: headerLanguage(request),
        }),
      );
    },
  );

  app.post(
    '/wps/member/mobile',
    { schema: { body: bindMobileBodySchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      await security.bindMobile(auth.memberId, request.body, { ip: request.ip });
      return ok(true);
    },
  );

  // Operators: the bank list (a bank is never deleted, only disabled: accounts are bound to it).
  app.get(
    '/ops/banks',
    { config: { permission: 'payments.read' }, schema: { response: success(z.array(opsBankListItemSchema)) } },
    async () => {
      return ok(await security.listBanksForOps());
    },
  );

  app.put(
    '/ops/banks/:bankCode',
    {
      config: { permission: 'payments.write' },
      schema: { params: bankParamsSchema, body: saveBankBodySchema, response: success(opsBankSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { name, sortOrder, reason } = request.body;
      return ok(
        await security.saveBank(
          { actorType: 'operator', actorId: operator.operatorId },
          { code: request.params.bankCode, name, sortOrder, reason },
        ),
      );
    },
  );

  app.put(
    '/ops/banks/:bankCode/status',
    {
      config: { permission: 'payments.write' },
      schema: { params: bankParamsSchema, body: bankStatusBodySchema, response: success(opsBankSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { enabled, reason } = request.body;
      return ok(
        await security.setBankEnabled(
          { actorType: 'operator', actorId: operator.operatorId },
          { code: request.params.bankCode, enabled, reason },
        ),
      );
    },
  );
}
