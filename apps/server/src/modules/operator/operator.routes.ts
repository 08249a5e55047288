import { auditQuerySchema, operatorLoginBodySchema } from '@wps/shared/schemas/operator';
import type { RouteApp } from '../../app';
import { ok } from '../../http/envelope';
import type { AppServices } from '../../services';
import { findRequestOperator, requireOperator } from './operator-auth';

const ALL_ROLES = ['finance', 'support', 'admin'] as const;

/** Operator sessions (login, logout, me) and the audit log. */
export function registerOperatorRoutes(app: RouteApp, services: AppServices): void {
  const { operators, audit } = services;

  app.post('/ops/session/login', { schema: { body: operatorLoginBodySchema } }, async (request) => {
    const ua = request.headers['user-agent'];
    return ok(await operators.login(request.body, { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null }));
  });

  app.delete('/ops/session/logout', async (request) => {
    await requireOperator(request, ALL_ROLES);
    const session = await findRequestOperator(request);
    if (session) await operators.revoke(session.sessionId);
    return ok(true);
  });

  app.get('/ops/session/me', async (request) => {
    return ok(await requireOperator(request, ALL_ROLES));
  });

  app.get('/ops/audit', { schema: { querystring: auditQuerySchema } }, async (request) => {
    await requireOperator(request, ['admin']);
    return ok(await audit.list(request.query));
  });
}
