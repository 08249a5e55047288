import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  operatorEnrolBodySchema,
  operatorListItemSchema,
  operatorLoginAnswerSchema,
  operatorLoginBodySchema,
  operatorSchema,
  operatorSignedInSchema,
  operatorTotpResetBodySchema,
  operatorUsernameParamsSchema,
} from '@wps/shared/schemas/operator';
import { ErrorCode } from '@wps/shared/error-codes';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { doneSchema, success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { findRequestOperator, requireOperator } from './operator-auth';

const ALL_ROLES = ['finance', 'support', 'admin'] as const;

function originOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

/** Operator sessions (login with TOTP, enrolment, logout, me), operator accounts and the audit log. */
export function registerOperatorRoutes(app: RouteApp, services: AppServices): void {
  const { operators, audit } = services;

  app.post('/ops/session/login', { schema: { body: operatorLoginBodySchema, response: success(operatorLoginAnswerSchema) } }, async (request) => {
    return ok(await operators.login(request.body, originOf(request)));
  });

  app.post('/ops/session/enrol', { schema: { body: operatorEnrolBodySchema, response: success(operatorSignedInSchema) } }, async (request) => {
    return ok(await operators.enrol(request.body, originOf(request)));
  });

  app.delete('/ops/session/logout', { schema: { response: success(doneSchema) } }, async (request) => {
    await requireOperator(request, ALL_ROLES);
    const session = await findRequestOperator(request);
    if (session) await operators.revoke(session.sessionId);
    return ok(true);
  });

  app.get('/ops/session/me', { schema: { response: success(operatorSchema) } }, async (request) => {
    return ok(await requireOperator(request, ALL_ROLES));
  });

  app.get('/ops/operators', { schema: { response: success(z.array(operatorListItemSchema)) } }, async (request) => {
    await requireOperator(request, ['admin']);
    return ok(await operators.listOperators());
  });

  app.post(
    '/ops/operators/:username/totp-reset',
    { schema: { params: operatorUsernameParamsSchema, body: operatorTotpResetBodySchema, response: success(doneSchema) } },
    async (request) => {
      const admin = await requireOperator(request, ['admin']);
      const done = await operators.resetTotp({ actorType: 'operator', actorId: admin.operatorId }, request.params.username, request.body.reason);
      if (!done) throw new AppError(ErrorCode.NOT_FOUND, 'No such operator');
      return ok(true);
    },
  );

  app.get('/ops/audit', { schema: { querystring: auditQuerySchema, response: success(auditPageSchema) } }, async (request) => {
    await requireOperator(request, ['admin']);
    return ok(await audit.list(request.query));
  });
}
