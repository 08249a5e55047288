import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  convertPointBodySchema,
  convertPointResultSchema,
  mallItemListSchema,
  opsMallItemBodySchema,
  opsMallItemDecisionSchema,
  opsMallItemListSchema,
  opsMallItemSchema,
  opsPointsSettingsSchema,
  opsRedemptionDecisionSchema,
  opsRedemptionPageSchema,
  opsRedemptionQuerySchema,
  opsRedemptionSchema,
  pointBalanceSchema,
  pointConfigSchema,
  pointsMovementListSchema,
  pointsPageRequestSchema,
  redeemListRequestSchema,
  redeemListSchema,
  redeemPointRewardBodySchema,
  redeemResultSchema,
} from '@wps/shared/schemas/points';
import {
  memberLabelAssignmentBodySchema,
  memberLabelAssignmentSchema,
  memberLabelBodySchema,
  memberLabelListSchema,
  memberLabelSchema,
  opsVipSettingsSchema,
  vipInfoSchema,
} from '@wps/shared/schemas/vip';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { doneSchema, nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import { CONTENT_IMAGE_MAX_BYTES } from '@wps/shared/schemas/content';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const memberParams = z.object({ memberId: z.string().regex(/^\d{1,18}$/) });

/** Points, the points mall and VIP: the players' calls (POST under /wps/relay/, token) and the back office's. */
export function registerLoyaltyRoutes(app: RouteApp, services: AppServices): void {
  const { points, vip, ops } = services.loyalty;

  app.post(
    '/wps/relay/MCS2_getPointBalance',
    { schema: { response: success(pointBalanceSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await points.getBalance(member.memberId));
    },
  );

  app.post('/wps/relay/MCS2_getPointConfig', { schema: { response: success(pointConfigSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await points.getConfig(member.memberId));
  });

  app.post('/wps/relay/MCS2_getPointReward', { schema: { response: success(mallItemListSchema) } }, async (request) => {
    await requireMember(request);
    return ok(await points.listMall());
  });

  app.post(
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { body: redeemPointRewardBodySchema, response: success(redeemResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await points.redeem(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/relay/MCS2_getRedeemPointList',
    { schema: { body: redeemListRequestSchema.optional(), response: success(redeemListSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await points.listRedemptions(member.memberId, request.body ?? redeemListRequestSchema.parse({})));
    },
  );

  app.post(
    '/wps/relay/ODSFE2_MemTransDet',
    { schema: { body: pointsPageRequestSchema.optional(), response: success(pointsMovementListSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await points.listMovements(member.memberId, request.body ?? pointsPageRequestSchema.parse({})));
    },
  );

  app.post(
    '/wps/relay/passwordCheck/MCS2_convertPoint',
    {
      config: { licenceDoors: ['reward.pay'] },
      schema: { body: convertPointBodySchema, response: success(convertPointResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await points.convert(member.memberId, request.body));
    },
  );

  app.post('/wps/relay/MCS2_getVipInfo', { schema: { response: success(vipInfoSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await vip.getInfo(member.memberId));
  });

  // A picture's name is the hash of its bytes, so the answer never changes.
  app.get(
    '/wps/points/images/:name',
    {
      schema: {
        params: z.object({ name: z.string().regex(/^[a-f0-9]{64}\.(png|jpg|webp)$/) }),
        response: {
          200: nonJson(
            ['image/png', 'image/jpeg', 'image/webp'],
            'The picture, of the type its bytes were checked to be',
          ),
        },
      },
    },
    async (request, reply) => {
      const image = await ops.image(request.params.name);
      if (!image) throw new AppError(ErrorCode.NOT_FOUND, 'No such image');
      return reply
        .type(image.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );

  // ---- back office ----

  app.get(
    '/ops/points/settings',
    { config: { permission: 'loyalty.read' }, schema: { response: success(opsPointsSettingsSchema) } },
    async () => ok(await ops.getSettings()),
  );

  app.put(
    '/ops/points/settings',
    {
      config: { permission: 'loyalty.write' },
      schema: { body: opsPointsSettingsSchema, response: success(opsPointsSettingsSchema) },
    },
    async (request) => ok(await ops.saveSettings((await requestOperator(request)).operatorId, request.body)),
  );

  app.get(
    '/ops/points/items',
    { config: { permission: 'loyalty.read' }, schema: { response: success(opsMallItemListSchema) } },
    async () => ok(await ops.listItems()),
  );

  // A second operator's decision on an item offered above a set-up ceiling: the money permission of
  // manual credits (marketing, which edits the mall, does not hold it); the service asks it again
  // of the operator's live role and refuses the asker.
  app.get(
    '/ops/points/items/awaiting',
    { config: { permission: 'adjustments.approve' }, schema: { response: success(opsMallItemListSchema) } },
    async () => ok(await ops.listAwaitingItems()),
  );
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/points/items/:id/${decision}`,
      {
        config: { permission: 'adjustments.approve' },
        schema: { params: idParams, body: opsMallItemDecisionSchema, response: success(opsMallItemSchema) },
      },
      async (request) =>
        ok(await ops.decideItem(await requestOperator(request), request.params.id, decision, request.body.reason)),
    );
  }

  const itemBodyLimit = Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 4096;
  app.put(
    '/ops/points/items',
    {
      config: { permission: 'loyalty.write' },
      bodyLimit: itemBodyLimit,
      schema: { body: opsMallItemBodySchema, response: success(opsMallItemSchema) },
    },
    async (request) => ok(await ops.createItem((await requestOperator(request)).operatorId, request.body)),
  );

  app.put(
    '/ops/points/items/:id',
    {
      config: { permission: 'loyalty.write' },
      bodyLimit: itemBodyLimit,
      schema: { params: idParams, body: opsMallItemBodySchema, response: success(opsMallItemSchema) },
    },
    async (request) =>
      ok(await ops.updateItem((await requestOperator(request)).operatorId, request.params.id, request.body)),
  );

  app.get(
    '/ops/points/redemptions',
    {
      config: { permission: 'loyalty.read' },
      schema: { querystring: opsRedemptionQuerySchema, response: success(opsRedemptionPageSchema) },
    },
    async (request) => ok(await ops.listRedemptions(request.query)),
  );

  app.post(
    '/ops/points/redemptions/:id/decision',
    {
      config: { permission: 'loyalty.fulfil' },
      schema: { params: idParams, body: opsRedemptionDecisionSchema, response: success(opsRedemptionSchema) },
    },
    async (request) =>
      ok(await ops.decide((await requestOperator(request)).operatorId, request.params.id, request.body)),
  );

  app.get(
    '/ops/vip',
    { config: { permission: 'loyalty.read' }, schema: { response: success(opsVipSettingsSchema) } },
    async () => ok(await vip.getSettings()),
  );

  app.put(
    '/ops/vip',
    {
      config: { permission: 'loyalty.write' },
      schema: { body: opsVipSettingsSchema, response: success(opsVipSettingsSchema) },
    },
    async (request) => ok(await vip.saveSettings((await requestOperator(request)).operatorId, request.body)),
  );

  app.get(
    '/ops/member-labels',
    { config: { permission: 'loyalty.read' }, schema: { response: success(memberLabelListSchema) } },
    async () => ok(await ops.listLabels()),
  );

  app.put(
    '/ops/member-labels',
    {
      config: { permission: 'loyalty.write' },
      schema: { body: memberLabelBodySchema, response: success(memberLabelSchema) },
    },
    async (request) => ok(await ops.createLabel((await requestOperator(request)).operatorId, request.body)),
  );

  app.delete(
    '/ops/member-labels/:id',
    { config: { permission: 'loyalty.write' }, schema: { params: idParams, response: success(doneSchema) } },
    async (request) => {
      await ops.deleteLabel((await requestOperator(request)).operatorId, request.params.id);
      return ok(true);
    },
  );

  app.get(
    '/ops/member-labels/members/:memberId',
    {
      config: { permission: 'loyalty.read' },
      schema: { params: memberParams, response: success(memberLabelAssignmentSchema) },
    },
    async (request) => ok(await ops.memberLabels(request.params.memberId)),
  );

  app.put(
    '/ops/member-labels/members/:memberId',
    {
      config: { permission: 'loyalty.write' },
      schema: {
        params: memberParams,
        body: memberLabelAssignmentBodySchema,
        response: success(memberLabelAssignmentSchema),
      },
    },
    async (request) =>
      ok(await ops.setMemberLabels((await requestOperator(request)).operatorId, request.params.memberId, request.body)),
  );
}
