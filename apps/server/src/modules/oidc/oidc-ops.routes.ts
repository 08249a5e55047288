import { z } from 'zod';
import {
  oidcProviderBodySchema,
  oidcProviderEnabledBodySchema,
  oidcProviderParamsSchema,
  opsOidcProviderSchema,
} from '@wps/shared/schemas/oidc';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/**
 * The back office's identity providers. Reading is settings.read; adding, changing or switching
 * one is settings.write. The client secret is write-only: no answer, audit entry or log line carries it.
 */
export function registerOidcOpsRoutes(app: RouteApp, services: AppServices): void {
  const { providers } = services.oidc;

  app.get(
    '/ops/oidc-providers',
    { config: { permission: 'settings.read' }, schema: { response: success(z.array(opsOidcProviderSchema)) } },
    async () => {
      return ok(await providers.list());
    },
  );

  app.post(
    '/ops/oidc-providers',
    {
      config: { permission: 'settings.write' },
      schema: { body: oidcProviderBodySchema, response: success(opsOidcProviderSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await providers.create(
          { actorType: 'operator', actorId: operator.operatorId },
          request.body,
          request.body.reason,
        ),
      );
    },
  );

  app.put(
    '/ops/oidc-providers/:providerId',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: oidcProviderParamsSchema,
        body: oidcProviderBodySchema,
        response: success(opsOidcProviderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await providers.update(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.providerId,
          request.body,
          request.body.reason,
        ),
      );
    },
  );

  app.put(
    '/ops/oidc-providers/:providerId/enabled',
    {
      config: { permission: 'settings.write' },
      schema: {
        params: oidcProviderParamsSchema,
        body: oidcProviderEnabledBodySchema,
        response: success(opsOidcProviderSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await providers.setEnabled(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.providerId,
          request.body.enabled,
          request.body.reason,
        ),
      );
    },
  );
}
