import { permissionQuerySchema } from '@wps/shared/schemas/system';
import type { RouteApp } from '../../app';
import { ok } from '../../http/envelope';
import type { AppServices } from '../../services';

/**
 * Operator-facing read calls: status, module switches, registration settings, the permission
 * bundle and the dialing codes. The `Merchant` check, maintenance and the region block live in
 * plugins/access-gate.ts.
 */
export function registerSystemRoutes(app: RouteApp, services: AppServices): void {
  const { system } = services;

  app.get('/wps/system/status', async (request) => ok(await system.getStatus(request.ip)));

  app.get('/wps/system/whitelabel', async () => ok(await system.getWhitelabel()));

  app.get('/wps/system/setting/register', async () => ok(await system.getRegisterSettings()));

  app.get('/wps/system/permission', { schema: { querystring: permissionQuerySchema } }, async (request) =>
    ok(await system.getPermission(request.ip, request.query.url)),
  );

  app.get('/wps/system/country', async () => ok(await system.listCountries()));
}
