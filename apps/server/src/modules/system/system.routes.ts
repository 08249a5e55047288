import { ErrorCode } from '@wps/shared/error-codes';
import { permissionQuerySchema } from '@wps/shared/schemas/system';
import type { RouteApp } from '../../app';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import type { AppServices } from '../../services';

const UNGATED_PREFIXES = ['/wps/system/', '/wps/session/key/rsa'];

/**
 * Operator-facing read calls: status, module switches, registration settings, the permission
 * bundle and the dialing codes. Also checks the `Merchant` header of every /wps/ call.
 */
export function registerSystemRoutes(app: RouteApp, services: AppServices): void {
  const { system } = services;

  // A client configured for another operator must not silently act on this one. The config is
  // cached, so this costs no query on the hot path.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/wps/')) return;
    const header = request.headers.merchant;
    const merchant = (Array.isArray(header) ? header[0] : header)?.trim();
    if (merchant && !(await system.isKnownMerchant(merchant))) {
      throw new AppError(ErrorCode.UNKNOWN_MERCHANT, 'Unknown merchant');
    }
  });

  // Calls the shell needs to draw the maintenance or region-block page stay open; the rest of the
  // API follows the status. /dev/ (outbox) is for demos and is not gated.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/wps/') || UNGATED_PREFIXES.some((p) => request.url.startsWith(p))) return;
    await system.assertAccessAllowed(request.ip);
  });

  app.get('/wps/system/status', async (request) => ok(await system.getStatus(request.ip)));

  app.get('/wps/system/whitelabel', async () => ok(await system.getWhitelabel()));

  app.get('/wps/system/setting/register', async () => ok(await system.getRegisterSettings()));

  app.get('/wps/system/permission', { schema: { querystring: permissionQuerySchema } }, async (request) =>
    ok(await system.getPermission(request.ip, request.query.url)),
  );

  app.get('/wps/system/country', async () => ok(await system.listCountries()));
}
