import {
  referralSettingsSchema,
  referralSettingsUpdateSchema,
  referralSummarySchema,
} from '@wps/shared/schemas/referral';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/** The member's refer-and-earn page and the operator's settings of the programme. */
export function registerReferralRoutes(app: RouteApp, { referral }: AppServices): void {
  app.get('/wps/referral', { schema: { response: success(referralSummarySchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await referral.summary(member.memberId));
  });

  app.get(
    '/ops/referral/settings',
    { config: { permission: 'rewards.read' }, schema: { response: success(referralSettingsSchema) } },
    async () => ok(await referral.readSettings()),
  );

  app.put(
    '/ops/referral/settings',
    {
      config: { permission: 'rewards.write' },
      schema: { body: referralSettingsUpdateSchema, response: success(referralSettingsSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(await referral.writeSettings(operator.operatorId, request.body));
    },
  );
}
