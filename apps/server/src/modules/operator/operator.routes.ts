import { z } from 'zod';
import {
  operatorCreateBodySchema,
  operatorCreatedSchema,
  operatorEnrolBodySchema,
  operatorListItemSchema,
  operatorLoginAnswerSchema,
  operatorLoginBodySchema,
  operatorRoleBodySchema,
  operatorSignedInSchema,
  operatorStatusBodySchema,
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
import { findRequestOperator, requestOperator } from './operator-auth';
import { registerOperatorSessionRoutes } from './operator-session.routes';
import { generateOperatorPassword, type OperatorActor } from './operator-admin';

function originOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

async function actorOf(request: FastifyRequest): Promise<OperatorActor> {
  return { actorType: 'operator', actorId: (await requestOperator(request)).operatorId };
}

const MANAGE = { permission: 'operators.manage' } as const;

/** Operator sessions (login with TOTP, enrolment, logout, me) and operator accounts. */
export function registerOperatorRoutes(app: RouteApp, services: AppServices): void {
  const { operators } = services;

  app.post(
    '/ops/session/login',
    {
      config: { permission: 'public' },
      schema: { body: operatorLoginBodySchema, response: success(operatorLoginAnswerSchema) },
    },
    async (request) => {
      return ok(await operators.login(request.body, originOf(request)));
    },
  );

  app.post(
    '/ops/session/enrol',
    {
      config: { permission: 'public' },
      schema: { body: operatorEnrolBodySchema, response: success(operatorSignedInSchema) },
    },
    async (request) => {
      return ok(await operators.enrol(request.body, originOf(request)));
    },
  );

  app.delete(
    '/ops/session/logout',
    { config: { permission: 'signedIn' }, schema: { response: success(doneSchema) } },
    async (request) => {
      const session = await findRequestOperator(request);
      if (session) await operators.revoke(session.sessionId);
      return ok(true);
    },
  );

  // GET /ops/session/me, /ops/session/expiry and POST /ops/session/touch (expiry instants for the back office).
  registerOperatorSessionRoutes(app);

  app.get(
    '/ops/operators',
    { config: MANAGE, schema: { response: success(z.array(operatorListItemSchema)) } },
    async () => {
      return ok(await operators.listOperators());
    },
  );

  app.post(
    '/ops/operators',
    { config: MANAGE, schema: { body: operatorCreateBodySchema, response: success(operatorCreatedSchema) } },
    async (request) => {
      const { username, role, password, reason } = request.body;
      const generatedPassword = password === undefined ? generateOperatorPassword() : null;
      const created = await operators.createOperator(
        { username, role, password: password ?? generatedPassword! },
        { actor: await actorOf(request), reason },
      );
      const operator = await operators.findOperator(created.username);
      if (!operator) throw new AppError(ErrorCode.NOT_FOUND, 'No such operator');
      return ok({ operator, generatedPassword });
    },
  );

  app.put(
    '/ops/operators/:username/status',
    {
      config: MANAGE,
      schema: {
        params: operatorUsernameParamsSchema,
        body: operatorStatusBodySchema,
        response: success(operatorListItemSchema),
      },
    },
    async (request) => {
      return ok(
        await operators.setOperatorStatus(
          await actorOf(request),
          request.params.username,
          request.body.status,
          request.body.reason,
        ),
      );
    },
  );

  app.put(
    '/ops/operators/:username/role',
    {
      config: MANAGE,
      schema: {
        params: operatorUsernameParamsSchema,
        body: operatorRoleBodySchema,
        response: success(operatorListItemSchema),
      },
    },
    async (request) => {
      return ok(
        await operators.changeRole(
          await actorOf(request),
          request.params.username,
          request.body.role,
          request.body.reason,
        ),
      );
    },
  );

  app.post(
    '/ops/operators/:username/totp-reset',
    {
      config: MANAGE,
      schema: {
        params: operatorUsernameParamsSchema,
        body: operatorTotpResetBodySchema,
        response: success(doneSchema),
      },
    },
    async (request) => {
      const done = await operators.resetTotp(await actorOf(request), request.params.username, request.body.reason);
      if (!done) throw new AppError(ErrorCode.NOT_FOUND, 'No such operator');
      return ok(true);
    },
  );
}
