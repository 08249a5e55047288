import { rsaKeyWithTimeResultSchema } from '@wps/shared/schemas/session';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';

/** GET /wps/session/key/rsa: the public key clients encrypt ENCRYPTED_PATHS bodies with. */
export function registerKeyRoutes(app: RouteApp, services: AppServices): void {
  app.get(
    '/wps/session/key/rsa',
    { schema: { response: success(rsaKeyWithTimeResultSchema) } },
    async (_request, reply) => {
      // Clients may cache it briefly; after a rotation the old key still works for the grace period.
      reply.header('cache-control', 'no-cache');
      // serverTime (epoch ms): a client whose clock is off sets the encrypted body's ts from it.
      return ok({ ...(await services.keys.getCurrentKey()), serverTime: Date.now() });
    },
  );
}
