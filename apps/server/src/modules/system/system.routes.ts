import { z } from 'zod';
import {
  countrySchema,
  permissionQuerySchema,
  permissionResultSchema,
  registerSettingsSchema,
  systemStatusSchema,
  whitelabelResultSchema,
} from '@wps/shared/schemas/system';
import { domainRouteSchema } from '@wps/shared/schemas/site-settings';
import {
  onlineServiceListSchema,
  onlineServiceTargetQuerySchema,
  onlineServiceTargetSchema,
} from '@wps/shared/schemas/online-service';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { createOnlineService } from './online-service';

const pingSchema = z.object({ pong: z.literal(true), at: z.number().describe('Server time, epoch ms') });

/**
 * Operator-facing read calls: status, module switches, registration settings, the permission
 * bundle and the dialing codes. The `Merchant` check, maintenance and the region block live in
 * plugins/access-gate.ts.
 */
export function registerSystemRoutes(app: RouteApp, services: AppServices): void {
  const { system } = services;

  app.get('/wps/system/status', { schema: { response: success(systemStatusSchema) } }, async (request) =>
    ok(await system.getStatus(request.ip)),
  );

  app.get('/wps/system/whitelabel', { schema: { response: success(whitelabelResultSchema) } }, async () =>
    ok(await system.getWhitelabel()),
  );

  app.get('/wps/system/setting/register', { schema: { response: success(registerSettingsSchema) } }, async () =>
    ok(await system.getRegisterSettings()),
  );

  app.get(
    '/wps/system/permission',
    { schema: { querystring: permissionQuerySchema, response: success(permissionResultSchema) } },
    async (request) => ok(await system.getPermission(request.ip, request.query.url)),
  );

  app.get('/wps/system/domainRoute', { schema: { response: success(domainRouteSchema) } }, async (request) =>
    ok(await system.getDomainRoute(`${request.protocol}://${request.host}`)),
  );

  // The speed test times this from the player's browser against each of the site's domains, so
  // another domain of the site may read it (CORS, no credentials); never cached.
  app.get('/wps/system/test/ping', { schema: { response: success(pingSchema) } }, async (_request, reply) => {
    void reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'no-store');
    return ok({ pong: true as const, at: Date.now() });
  });

  // The online-service list and a chat's address, asked for when its window opens; never cached,
  // so an entry the operator switched off is gone at the next click.
  const onlineService = createOnlineService(system);
  app.get(
    '/wps/system/onlineService',
    { schema: { response: success(onlineServiceListSchema) } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await onlineService.list());
    },
  );
  app.get(
    '/wps/system/onlineService/target',
    { schema: { querystring: onlineServiceTargetQuerySchema, response: success(onlineServiceTargetSchema) } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await onlineService.target(request.query.csType));
    },
  );

  app.get('/wps/system/country', { schema: { response: success(z.array(countrySchema)) } }, async () =>
    ok(await system.listCountries()),
  );
}
