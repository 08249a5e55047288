import { z } from 'zod';
import {
  countrySchema,
  permissionQuerySchema,
  permissionResultSchema,
  registerSettingsSchema,
  systemStatusSchema,
  whitelabelResultSchema,
} from '@wps/shared/schemas/system';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';

/**
 * Operator-facing read calls: status, module switches, registration settings, the permission
 * bundle and the dialing codes. The `Merchant` check, maintenance and the region block live in
 * plugins/access-gate.ts.
 */
export function registerSystemRoutes(app: RouteApp, services: AppServices): void {
  const { system } = services;

  app.get('/wps/system/status', { schema: { response: success(systemStatusSchema) } }, async (request) => ok(await system.getStatus(request.ip)));

  app.get('/wps/system/whitelabel', { schema: { response: success(whitelabelResultSchema) } }, async () => ok(await system.getWhitelabel()));

  app.get('/wps/system/setting/register', { schema: { response: success(registerSettingsSchema) } }, async () => ok(await system.getRegisterSettings()));

  app.get('/wps/system/permission', { schema: { querystring: permissionQuerySchema, response: success(permissionResultSchema) } }, async (request) =>
    ok(await system.getPermission(request.ip, request.query.url)),
  );

  app.get('/wps/system/country', { schema: { response: success(z.array(countrySchema)) } }, async () => ok(await system.listCountries()));
}
