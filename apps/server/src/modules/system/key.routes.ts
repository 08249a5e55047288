import type { RouteApp } from '../../app';
import { ok } from '../../http/envelope';
import type { AppServices } from '../../services';

/** GET /wps/session/key/rsa: the public key clients encrypt ENCRYPTED_PATHS bodies with. */
export function registerKeyRoutes(app: RouteApp, services: AppServices): void {
  app.get('/wps/session/key/rsa', async (_request, reply) => {
    // Clients may cache it briefly; after a rotation the old key still works for 10 minutes.
    reply.header('cache-control', 'no-cache');
    return ok(await services.keys.getCurrentKey());
  });
}
