import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PROMO_IMAGE_MAX_BYTES,
  PROMO_MAX_IMAGES,
  activityListSchema,
  activitySchema,
  applicationDecisionBodySchema,
  applicationIdParamsSchema,
  applicationImageParamsSchema,
  claimRaffleBodySchema,
  claimRaffleResultSchema,
  opsApplicationPageSchema,
  opsApplicationQuerySchema,
  opsApplicationSchema,
  opsRaffleListSchema,
  promoActionBodySchema,
  promoApplyFieldsSchema,
  promoIdParamsSchema,
  promoPublicStateSchema,
  promoSettingsBodySchema,
  promoSettingsListSchema,
  promoSettingsSchema,
  raffleCreateBodySchema,
  raffleDrawBodySchema,
  raffleIdParamsSchema,
  raffleSchema,
  raffleTicketGiftBodySchema,
} from '@wps/shared/schemas/promo';
import {
  promoOfferListSchema,
  promoRewardLinkBodySchema,
  promoRewardLinkListSchema,
  promoRewardLinksSchema,
} from '@wps/shared/schemas/promo-rewards';
import { contentLanguageOf } from '@wps/shared/schemas/content';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { readMultipartForm } from '../../http/multipart-form';
import { nonJson, success } from '../../openapi/responses';
import { readToken, requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The caller's member id when a token is sent (a bad token is 401, as everywhere); null for a visitor. */
async function optionalMemberId(request: FastifyRequest): Promise<string | null> {
  return readToken(request) ? (await requireMember(request)).memberId : null;
}

/** The player's language (the Language header), as the content reads take it. */
const languageOf = (request: FastifyRequest) =>
  contentLanguageOf(typeof request.headers.language === 'string' ? request.headers.language : undefined);

const imageAnswer = { 200: nonJson(['image/png', 'image/jpeg'], 'The image, with its checked type') };

/** Promotions' activity and raffles: the players' calls and the back office's. */
export async function registerPromoRoutes(
  app: RouteApp,
  { promoActivity, promoReview, promoRewards, raffles }: AppServices,
): Promise<void> {
  // Multipart lives in its own scope, so no other route starts accepting multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: PROMO_IMAGE_MAX_BYTES,
        files: PROMO_MAX_IMAGES,
        fields: 5,
        fieldSize: 2048,
        parts: PROMO_MAX_IMAGES + 5,
        headerPairs: 100,
      },
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/wps/promo/apply', { schema: { response: success(activitySchema) } }, async (request) => {
        const member = await requireMember(request);
        const { fields, files } = await readMultipartForm(request, promoApplyFieldsSchema, PROMO_MAX_IMAGES);
        return ok(await promoActivity.apply(member.memberId, fields, files));
      });
  });

  app.get('/wps/promo/activities', { schema: { response: success(activityListSchema) } }, async (request) =>
    ok(await promoActivity.activities(await optionalMemberId(request))),
  );
  app.get('/wps/promo/offers', { schema: { response: success(promoOfferListSchema) } }, async (request) =>
    ok({ list: await promoRewards.offers(languageOf(request)) }),
  );
  app.get('/wps/promo/state', { schema: { response: success(promoPublicStateSchema) } }, async (request) =>
    ok(await promoActivity.publicState(await optionalMemberId(request))),
  );
  app.post(
    '/wps/promo/join',
    { schema: { body: promoActionBodySchema, response: success(activitySchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await promoActivity.join(member.memberId, request.body.promotionId));
    },
  );
  app.post(
    '/wps/promo/claim',
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { body: promoActionBodySchema, response: success(activitySchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await promoActivity.claim(member.memberId, request.body.promotionId));
    },
  );
  app.get(
    '/wps/promo/applications/:id/images/:position',
    { schema: { params: applicationImageParamsSchema, response: imageAnswer } },
    async (request, reply) => {
      const member = await requireMember(request);
      const image = await promoActivity.image(request.params.id, request.params.position, member.memberId);
      return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );

  app.get(
    '/wps/promo/raffles/:id',
    { schema: { params: raffleIdParamsSchema, response: success(raffleSchema) } },
    async (request) => ok(await raffles.get(request.params.id, await optionalMemberId(request))),
  );
  app.post(
    '/wps/relay/MCS2_claimRafflePromotion',
    { schema: { body: claimRaffleBodySchema, response: success(claimRaffleResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await raffles.claimTickets(member.memberId, request.body.raffleId));
    },
  );

  // The back office.
  const write = { permission: 'promotions.write' } as const;
  app.get('/ops/promo/settings', { config: write, schema: { response: success(promoSettingsListSchema) } }, async () =>
    ok({ list: await promoReview.listSettings() }),
  );
  app.put(
    '/ops/promo/settings/:promotionId',
    {
      config: write,
      schema: { params: promoIdParamsSchema, body: promoSettingsBodySchema, response: success(promoSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await promoReview.saveSettings(operator.operatorId, request.params.promotionId, request.body));
    },
  );
  app.get(
    '/ops/promo/reward-rules',
    { config: write, schema: { response: success(promoRewardLinkListSchema) } },
    async () => ok(await promoRewards.list()),
  );
  app.put(
    '/ops/promo/reward-rules/:promotionId',
    {
      config: write,
      schema: {
        params: promoIdParamsSchema,
        body: promoRewardLinkBodySchema,
        response: success(promoRewardLinksSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await promoRewards.save(operator.operatorId, request.params.promotionId, request.body));
    },
  );
  app.get(
    '/ops/promo/applications',
    { config: write, schema: { querystring: opsApplicationQuerySchema, response: success(opsApplicationPageSchema) } },
    async (request) => ok(await promoReview.listApplications(request.query)),
  );
  app.get(
    '/ops/promo/applications/:id/images/:position',
    { config: write, schema: { params: applicationImageParamsSchema, response: imageAnswer } },
    async (request, reply) => {
      const image = await promoActivity.image(request.params.id, request.params.position);
      return reply.type(image.contentType).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );
  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/ops/promo/applications/:id/${action}`,
      {
        // An approval pays the application's reward (the licence's door reward.pay); a rejection pays nothing.
        config: decision === 'approved' ? { ...write, licenceDoors: ['reward.pay'] } : write,
        schema: {
          params: applicationIdParamsSchema,
          body: applicationDecisionBodySchema,
          response: success(opsApplicationSchema),
        },
      },
      async (request) => {
        const operator = await requestOperator(request);
        return ok(await promoReview.decide(operator.operatorId, request.params.id, decision, request.body.reason));
      },
    );
  }

  // The second operator's approval of an application whose reward waits (the operator money
  // policy's kind promo_application): the money permission of manual credits, never the asker.
  app.post(
    '/ops/promo/applications/:id/approve-payment',
    {
      config: { licenceDoors: ['reward.pay'], permission: 'adjustments.approve' },
      schema: {
        params: applicationIdParamsSchema,
        body: applicationDecisionBodySchema,
        response: success(opsApplicationSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await promoReview.approvePayment(
          { operatorId: operator.operatorId, role: operator.role },
          request.params.id,
          request.body.reason,
        ),
      );
    },
  );

  app.get('/ops/raffles', { config: write, schema: { response: success(opsRaffleListSchema) } }, async () =>
    ok({ list: await raffles.listForOps() }),
  );
  app.post(
    '/ops/raffles',
    { config: write, schema: { body: raffleCreateBodySchema, response: success(raffleSchema) } },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await raffles.create(operator.operatorId, request.body));
    },
  );
  app.post(
    '/ops/raffles/:id/draw',
    {
      config: { ...write, licenceDoors: ['reward.pay'] },
      schema: { params: raffleIdParamsSchema, body: raffleDrawBodySchema, response: success(raffleSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await raffles.draw(operator.operatorId, request.params.id, request.body.reason));
    },
  );
  app.post(
    '/ops/raffles/:id/tickets',
    {
      config: write,
      schema: { params: raffleIdParamsSchema, body: raffleTicketGiftBodySchema, response: success(raffleSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await raffles.giveTickets(operator.operatorId, request.params.id, request.body));
    },
  );
}
