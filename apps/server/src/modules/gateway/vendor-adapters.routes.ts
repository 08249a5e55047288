import { z } from 'zod';
import { vendorParamsSchema } from '@wps/shared/schemas/catalogue';
import { opsVendorAdapterSchema, vendorAdapterBodySchema } from '@wps/shared/schemas/vendor-adapters';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

/**
 * The back office's vendor connections, over the same gateway service as `npm run ops --
 * vendor:adapters` and `vendor:adapter`. Reading is games.read; connecting or changing one is
 * vendors.connect (admin only): the shared secret signs the vendor's money callbacks.
 */
export function registerVendorAdapterRoutes(app: RouteApp, services: AppServices): void {
  const { gateway } = services;

  app.get(
    '/ops/vendor-adapters',
    { config: { permission: 'games.read' }, schema: { response: success(z.array(opsVendorAdapterSchema)) } },
    async () => {
      return ok(await gateway.listAdapters());
    },
  );

  app.put(
    '/ops/vendor-adapters/:vassalage',
    {
      config: { permission: 'vendors.connect' },
      schema: { params: vendorParamsSchema, body: vendorAdapterBodySchema, response: success(opsVendorAdapterSchema) },
    },
    async (request) => {
      const operator = await requestOperator(request);
      const { reason, secret, walletModel, launchUrl, apiUrl, requestTimeoutMs } = request.body;
      return ok(
        await gateway.setAdapter(
          { actorType: 'operator', actorId: operator.operatorId },
          {
            vassalage: request.params.vassalage,
            walletModel,
            launchUrl,
            apiUrl: apiUrl ?? null,
            requestTimeoutMs,
            secret,
          },
          reason,
        ),
      );
    },
  );
}
