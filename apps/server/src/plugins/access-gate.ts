import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';
import type { AppServices } from '../services';

/** Declared route prefixes the gate applies to: the player API, the game relay and the lottery. */
export const GATED_PREFIXES = ['/wps/', '/lgw/', '/lotto/'] as const;

/** The calls the shell needs to draw the maintenance or region-block page stay open. */
function isOpenDuringClosure(route: string): boolean {
  return route.startsWith('/wps/system/') || route === '/wps/session/key/rsa';
}

function isGated(route: string): boolean {
  return GATED_PREFIXES.some((prefix) => route.startsWith(prefix));
}

/**
 * The access gate: the `Merchant` header check, then maintenance (503) and the region block (403).
 *
 * It looks at the route the router matched (`routeOptions.url`, the path as declared), never at
 * the raw URL: the router decodes `%77ps`, ignores a trailing slash and so on, so a test on the
 * raw string can be walked around by spelling the same path differently. A request that matches
 * no route has no declared path and falls through to the 404 envelope. Routes added later under a
 * gated prefix are gated without touching this file. Registered on the root instance so the hook
 * runs for every route, whatever plugin declares it.
 */
export function registerAccessGate(app: FastifyInstance, services: AppServices): void {
  const { system } = services;
  const check = async (route: string, merchant: string | undefined, ip: string): Promise<void> => {
    // A client configured for another operator must not silently act on this one. The config is
    // cached, so this costs no query on the hot path.
    if (merchant && !(await system.isKnownMerchant(merchant))) {
      throw new AppError(ErrorCode.UNKNOWN_MERCHANT, 'Unknown merchant');
    }
    if (isOpenDuringClosure(route)) return;
    await system.assertAccessAllowed(ip);
  };
  // A callback hook that decides from the cached config without a promise when it can: as an
  // async hook it cost 8 promises on every API call, ~2 µs of CPU per request with the request
  // context's async hooks on (bench:member-info). `check` is the same decision, waiting for the
  // config or the caller's country when they are not cached.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || !isGated(route)) return done();
    const header = request.headers.merchant;
    const merchant = (Array.isArray(header) ? header[0] : header)?.trim();
    const knownMerchant = merchant ? system.cachedIsKnownMerchant(merchant) : true;
    if (knownMerchant === false) return done(new AppError(ErrorCode.UNKNOWN_MERCHANT, 'Unknown merchant'));
    if (knownMerchant === true) {
      if (isOpenDuringClosure(route)) return done();
      const refusal = system.cachedAccessRefusal(request.ip);
      if (refusal !== undefined) return done(refusal ?? undefined);
    }
    check(route, merchant, request.ip).then(
      () => done(),
      (err: Error) => done(err),
    );
  });
}
