import {
  opsRaffleListSchema,
  opsRaffleSchema,
  raffleDecisionBodySchema,
  raffleIdParamsSchema,
} from '@wps/shared/schemas/promo';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/**
 * A second operator's decision on a raffle waiting above a set-up ceiling. The route asks the
 * money permission of manual credits (the raffle's own screen asks promotions.write, which
 * marketing holds); the service asks it again of the operator's live role, and refuses the creator.
 */
export function registerRaffleApprovalRoutes(app: RouteApp, { raffles }: AppServices): void {
  app.get(
    '/ops/raffles/awaiting',
    { config: { permission: 'adjustments.approve' }, schema: { response: success(opsRaffleListSchema) } },
    async () => ok({ list: await raffles.listAwaiting() }),
  );
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/ops/raffles/:id/${decision}`,
      {
        config: { permission: 'adjustments.approve' },
        schema: { params: raffleIdParamsSchema, body: raffleDecisionBodySchema, response: success(opsRaffleSchema) },
      },
      async (request) => {
        const operator = await requestOperator(request);
        return ok(await raffles.decide(operator, request.params.id, decision, request.body.reason));
      },
    );
  }
}
