import {
  licenceChangeBodySchema,
  licenceChangeParamsSchema,
  licenceChangeSchema,
  licenceDecisionBodySchema,
  licenceViewSchema,
} from '@wps/shared/schemas/licence';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const operatorIdOf = async (request: FastifyRequest) => String((await requestOperator(request)).operatorId);

/** The operator's licence on the back office's settings: read it, ask for a switch, decide one. */
export function registerLicenceRoutes(app: RouteApp, services: AppServices): void {
  const { licence } = services;

  app.get(
    '/ops/licence',
    { config: { permission: 'settings.read' }, schema: { response: success(licenceViewSchema) } },
    async () => ok(await licence.view()),
  );

  app.post(
    '/ops/licence/changes',
    {
      config: { permission: 'settings.write' },
      schema: { body: licenceChangeBodySchema, response: success(licenceChangeSchema) },
    },
    async (request) =>
      ok(await licence.changes.request(await operatorIdOf(request), request.body.profile, request.body.reason)),
  );

  app.post(
    '/ops/licence/changes/:id/approve',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: licenceChangeParamsSchema,
        body: licenceDecisionBodySchema,
        response: success(licenceChangeSchema),
      },
    },
    async (request) =>
      ok(await licence.changes.approve(await operatorIdOf(request), request.params.id, request.body.reason ?? null)),
  );

  app.post(
    '/ops/licence/changes/:id/reject',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: licenceChangeParamsSchema,
        body: licenceDecisionBodySchema,
        response: success(licenceChangeSchema),
      },
    },
    async (request) =>
      ok(await licence.changes.reject(await operatorIdOf(request), request.params.id, request.body.reason ?? null)),
  );
}
