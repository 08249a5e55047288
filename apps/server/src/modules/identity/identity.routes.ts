import { contactConfirmationSchema, supplyIdentityBodySchema } from '@wps/shared/schemas/identity';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** The player's side of identity under a licence that identifies players (docs/compliance.md, "Identity"). */
export function registerIdentityRoutes(app: RouteApp, services: AppServices): void {
  const { identity } = services;

  // An account from before the switch gives its CPF and date of birth: the one call its session
  // may make besides logging out (requireMember refuses the rest with IDENTITY_REQUIRED).
  app.post(
    '/wps/member/identity',
    { schema: { body: supplyIdentityBodySchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request, { allowIdentityMissing: true });
      await identity.supplyIdentity(auth.memberId, request.body);
      return ok(true);
    },
  );

  // Whether the account still has to confirm a contact before it deposits, plays or withdraws
  // (the licence's contactConfirmation): the site's welcome step reads it to offer the code.
  app.get(
    '/wps/member/contact-confirmation',
    { schema: { response: success(contactConfirmationSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      return ok({ pending: await identity.contactPending(auth.memberId) });
    },
  );
}
