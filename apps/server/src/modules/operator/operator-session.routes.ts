import {
  operatorMeSchema,
  operatorSessionExpirySchema,
  type OperatorSessionExpiry,
} from '@wps/shared/schemas/operator';
import { ErrorCode } from '@wps/shared/error-codes';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { findRequestOperator } from './operator-auth';
import type { SessionOperator } from './operator-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How resolving the operator token treats the session's idle expiry: moved on (the default,
     * at most once a minute), left alone (`false`: reading the expiry must not extend it), or
     * moved on now (`'now'`: "stay signed in").
     */
    sessionTouch?: boolean | 'now';
  }
}

async function sessionOf(request: FastifyRequest): Promise<SessionOperator> {
  const session = await findRequestOperator(request);
  if (!session) throw new AppError(ErrorCode.OPERATOR_UNAUTHORIZED, 'An operator login is required');
  return session;
}

function expiryOf(session: SessionOperator): OperatorSessionExpiry {
  return { idleExpiresAt: session.idleExpiresAt.toISOString(), expiresAt: session.expiresAt.toISOString() };
}

/**
 * The signed-in operator and the two instants that end the session, so the back office warns
 * before either: GET /ops/session/me (an ordinary call: it counts as use), GET
 * /ops/session/expiry (reads without touching) and POST /ops/session/touch ("stay signed in").
 */
export function registerOperatorSessionRoutes(app: RouteApp): void {
  app.get(
    '/ops/session/me',
    { config: { permission: 'signedIn' }, schema: { response: success(operatorMeSchema) } },
    async (request) => {
      const session = await sessionOf(request);
      return ok({
        operatorId: session.operatorId,
        username: session.username,
        role: session.role,
        ...expiryOf(session),
      });
    },
  );

  app.get(
    '/ops/session/expiry',
    {
      config: { permission: 'signedIn', sessionTouch: false },
      schema: { response: success(operatorSessionExpirySchema) },
    },
    async (request) => ok(expiryOf(await sessionOf(request))),
  );

  app.post(
    '/ops/session/touch',
    {
      config: { permission: 'signedIn', sessionTouch: 'now' },
      schema: { response: success(operatorSessionExpirySchema) },
    },
    async (request) => ok(expiryOf(await sessionOf(request))),
  );
}
