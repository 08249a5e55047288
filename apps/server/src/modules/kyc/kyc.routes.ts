import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  kycSettingsBodySchema,
  kycSettingsSchema,
  kycStartBodySchema,
  kycStartResultSchema,
  kycStatusSchema,
  opsKycCheckSchema,
  opsKycDecisionSchema,
  opsKycListQuerySchema,
  opsKycPageSchema,
} from '@wps/shared/schemas/kyc';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const checkParamsSchema = z.object({ id: z.string().regex(/^\d{1,19}$/) });
const resultSchema = z.object({ checkId: z.string(), status: z.enum(['pending', 'review', 'passed', 'failed']) });

/** Identity checks: the player's status and start, the providers' result callbacks, the back office's review (docs/compliance.md, "KYC"). */
export function registerKycRoutes(app: RouteApp, services: AppServices): void {
  const { kyc } = services;

  app.get('/wps/kyc/status', { schema: { response: success(kycStatusSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await kyc.service.status(member.memberId));
  });

  app.post(
    '/wps/kyc/checks',
    { schema: { body: kycStartBodySchema, response: success(kycStartResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await kyc.service.start(member.memberId, request.body.returnUrl));
    },
  );

  // The face check a login found due (docs/compliance.md, "KYC": re-verification at login).
  app.post(
    '/wps/kyc/reverification',
    { schema: { body: kycStartBodySchema, response: success(kycStartResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await kyc.service.startReverification(member.memberId, request.body.returnUrl));
    },
  );

  app.get(
    '/ops/kyc/settings',
    { config: { permission: 'settings.read' }, schema: { response: success(kycSettingsSchema) } },
    async () => ok(await kyc.tiers.settings()),
  );

  app.put(
    '/ops/kyc/settings',
    {
      config: { permission: 'settings.write' },
      schema: { body: kycSettingsBodySchema, response: success(kycSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await kyc.tiers.updateSettings(operator.operatorId, request.body));
    },
  );

  app.get(
    '/ops/kyc/checks',
    {
      config: { permission: 'kyc.review' },
      schema: { querystring: opsKycListQuerySchema, response: success(opsKycPageSchema) },
    },
    async (request) => ok(await kyc.service.list(request.query)),
  );

  app.post(
    '/ops/kyc/checks/:id/decision',
    {
      config: { permission: 'kyc.review' },
      schema: { params: checkParamsSchema, body: opsKycDecisionSchema, response: success(opsKycCheckSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await kyc.service.decideReview(
          operator.operatorId,
          request.params.id,
          request.body.decision,
          request.body.reason,
        ),
      );
    },
  );

  // The provider's callback needs the exact bytes for its HMAC: JSON is kept as a Buffer in this scope only.
  void app.register(async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/wps/kyc/webhook/sandbox', { schema: { response: success(resultSchema) } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await kyc.service.applyResult('sandbox', raw, request.headers));
    });
  });
}
