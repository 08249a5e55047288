import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  OPS_PERMISSIONS,
  roleHasPermission,
  rolesWithPermission,
  type OpsPermission,
  type OpsRouteAccess,
} from '@wps/shared/ops-permissions';
import { AppError } from '../../http/app-error';
import { readToken } from '../../plugins/auth';
import type { AppServices } from '../../services';
import type { OperatorRole, SessionOperator } from './operator.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a route under /ops/ requires: a permission of packages/shared/src/ops-permissions.ts,
     * 'signedIn' (any operator session) or 'public' (sign-in calls only). Enforced by one hook.
     */
    permission?: OpsRouteAccess;
  }
}

/** The path prefix whose routes are operator routes. */
export const OPS_PREFIX = '/ops/';

/** The signed-in operator of a request, as handlers see it. */
export type RequestOperator = { operatorId: string; username: string; role: OperatorRole };

/** One lookup per request, however many times a route asks. */
const resolved = new WeakMap<FastifyRequest, Promise<SessionOperator | null>>();

/** The operator session behind the request's token (operator scope only), or null. */
export async function findRequestOperator(request: FastifyRequest): Promise<SessionOperator | null> {
  const token = readToken(request);
  if (!token) return null;
  let pending = resolved.get(request);
  if (!pending) {
    const { operators } = (request.server as unknown as { services: AppServices }).services;
    pending = operators.resolve(token, { touch: request.routeOptions.config.sessionTouch ?? true });
    resolved.set(request, pending);
  }
  return pending;
}

/** Whether a declared access value is a permission of the vocabulary. */
function isPermission(value: unknown): value is OpsPermission {
  return (OPS_PERMISSIONS as readonly unknown[]).includes(value);
}

/**
 * The operator the access hook let through, for the handler: 401 when the request has no live
 * operator session (only reachable on a 'public' route, which should not ask).
 */
export async function requestOperator(request: FastifyRequest): Promise<RequestOperator> {
  const operator = await findRequestOperator(request);
  if (!operator) throw new AppError(ErrorCode.OPERATOR_UNAUTHORIZED, 'An operator login is required');
  return { operatorId: operator.operatorId, username: operator.username, role: operator.role };
}

/** An /ops/ route as registered: method, declared path and declared access (undefined: none). */
export type OpsRouteDeclaration = { method: string; url: string; permission: unknown };

const declaredRoutes = new WeakMap<FastifyInstance, OpsRouteDeclaration[]>();

/** Every route registered under /ops/ on this app, with what it declared (for the completeness test). */
export function declaredOpsRoutes(app: FastifyInstance): readonly OpsRouteDeclaration[] {
  return declaredRoutes.get(app) ?? [];
}

/**
 * The one check of every /ops/ route: registered on the root before any route, it becomes the first
 * onRequest hook of each route declared under /ops/ (in any plugin; HEAD copies too). It reads what the
 * matched route declared (`routeOptions.config.permission`), never the raw URL, so no spelling of a
 * path walks around it:
 * - 'public': nothing to check (login, enrol);
 * - otherwise 401 OPERATOR_UNAUTHORIZED without a live operator session (member tokens never count);
 * - a permission the operator's role lacks: 403 OPERATOR_FORBIDDEN;
 * - a route that declared nothing (or something unknown) is refused to every role (fail closed),
 *   and `test/ops-permissions.test.ts` fails on it.
 * It runs before the body is parsed or validated, so a refused call learns nothing about its input.
 */
export function registerOperatorAccess(app: FastifyInstance): void {
  const routes: OpsRouteDeclaration[] = [];
  declaredRoutes.set(app, routes);
  // A hook of the /ops/ routes alone: the player's calls (the site's hot reads) pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(OPS_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, permission: route.config?.permission });
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [checkOperatorAccess, ...own];
  });
}

async function checkOperatorAccess(request: FastifyRequest): Promise<void> {
  const access: unknown = request.routeOptions.config.permission;
  if (access === 'public') return;
  const operator = await findRequestOperator(request);
  if (!operator) throw new AppError(ErrorCode.OPERATOR_UNAUTHORIZED, 'An operator login is required');
  if (access === 'signedIn') return;
  if (!isPermission(access)) {
    request.log.error({ route: request.routeOptions.url }, 'operator route without a declared permission: refused');
    throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'This operator call declares no permission', {
      role: operator.role,
    });
  }
  const permission = access;
  if (!roleHasPermission(operator.role, permission)) {
    throw new AppError(ErrorCode.OPERATOR_FORBIDDEN, 'Your operator role may not do this', {
      role: operator.role,
      permission,
      allowed: rolesWithPermission(permission),
    });
  }
}
