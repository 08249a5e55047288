import { z } from 'zod';
import {
  opsPlatformMessagePageSchema,
  opsPlatformMessageQuerySchema,
  opsPlatformMessageSchema,
  platformMessageBodySchema,
  withdrawMessageBodySchema,
} from '@wps/shared/schemas/platform-messages';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The back office's platform messages: the list with read counts (inbox.read); send, schedule and withdraw (inbox.write). */
export function registerPlatformMessageRoutes(app: RouteApp, { messages }: AppServices): void {
  app.get(
    '/ops/messages',
    {
      config: { permission: 'inbox.read' },
      schema: { querystring: opsPlatformMessageQuerySchema, response: success(opsPlatformMessagePageSchema) },
    },
    async (request) => ok(await messages.platform.list(request.query)),
  );

  app.post(
    '/ops/messages',
    {
      config: { permission: 'inbox.write' },
      schema: { body: platformMessageBodySchema, response: success(opsPlatformMessageSchema) },
    },
    async (request) => ok(await messages.platform.send((await requestOperator(request)).operatorId, request.body)),
  );

  app.post(
    '/ops/messages/:id/withdraw',
    {
      config: { permission: 'inbox.write' },
      schema: { params: idParams, body: withdrawMessageBodySchema, response: success(opsPlatformMessageSchema) },
    },
    async (request) =>
      ok(
        await messages.platform.withdraw(
          (await requestOperator(request)).operatorId,
          request.params.id,
          request.body.reason,
        ),
      ),
  );
}
