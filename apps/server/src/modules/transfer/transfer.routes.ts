import {
  consolidatedFundsSchema,
  transferUplineBodySchema,
  transferUplineResultSchema,
} from '@wps/shared/schemas/transfer';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** transferUpline and the consolidated funds summary. */
export function registerTransferRoutes(app: RouteApp, services: AppServices): void {
  const { transfer } = services;

  app.post(
    '/wps/member/transfer/upline',
    {
      config: { licenceDoors: ['money.transfer'] },
      schema: { body: transferUplineBodySchema, response: success(transferUplineResultSchema) },
    },
    async (request) => {
      const member = await requireMember(request);
      return ok(await transfer.transferToUpline(member.memberId, request.body));
    },
  );

  // Trial users do not fetch consolidated contract info, so they get in_need_true_account.
  app.get(
    '/wps/member/info/funds/consolidated',
    { schema: { response: success(consolidatedFundsSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await transfer.getConsolidated(member.memberId));
    },
  );
}
