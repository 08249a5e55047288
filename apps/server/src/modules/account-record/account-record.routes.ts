import { accountRecordPageSchema, accountRecordQuerySchema } from '@wps/shared/schemas/account-record';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** The account record (transactionHistory). Trial accounts may read theirs: it shows the demo credit. */
export function registerAccountRecordRoutes(app: RouteApp, services: AppServices): void {
  app.get(
    '/wps/member/transactions',
    { schema: { querystring: accountRecordQuerySchema, response: success(accountRecordPageSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await services.accountRecord.list(member.memberId, request.query));
    },
  );
}
