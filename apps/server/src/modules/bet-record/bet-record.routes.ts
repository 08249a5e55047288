import {
  betProfitQuerySchema,
  betProfitResultSchema,
  betRecordPageSchema,
  betRecordQuerySchema,
} from '@wps/shared/schemas/bet-record';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** Betting record and personal profit and loss (member centre). Trial accounts may read theirs: their in-house play is recorded too. */
export function registerBetRecordRoutes(app: RouteApp, services: AppServices): void {
  app.get(
    '/wps/bet-record',
    { schema: { querystring: betRecordQuerySchema, response: success(betRecordPageSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await services.betRecord.list(member.memberId, request.query));
    },
  );

  app.get(
    '/wps/bet-record/profit',
    { schema: { querystring: betProfitQuerySchema, response: success(betProfitResultSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await services.betRecord.profit(member.memberId, request.query));
    },
  );
}
