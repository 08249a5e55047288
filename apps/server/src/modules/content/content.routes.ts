import { z } from 'zod';
import { contentItemBodySchema, contentStatusBodySchema, opsContentItemSchema, opsContentPageSchema, opsContentQuerySchema } from '@wps/shared/schemas/content';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** The back office's content: list and read (content.read), write, schedule, publish and archive (content.write). */
export function registerContentRoutes(app: RouteApp, { content }: AppServices): void {
  const actorOf = async (request: Parameters<typeof requestOperator>[0]) => ({ actorType: 'operator' as const, actorId: (await requestOperator(request)).operatorId });

  app.get('/ops/content', { config: { permission: 'content.read' }, schema: { querystring: opsContentQuerySchema, response: success(opsContentPageSchema) } }, async (request) => ok(await content.list(request.query)));

  app.get('/ops/content/:id', { config: { permission: 'content.read' }, schema: { params: idParams, response: success(opsContentItemSchema) } }, async (request) => ok(await content.getItem(request.params.id)));

  app.put('/ops/content', { config: { permission: 'content.write' }, schema: { body: contentItemBodySchema, response: success(opsContentItemSchema) } }, async (request) =>
    ok(await content.create(await actorOf(request), request.body)),
  );

  app.put('/ops/content/:id', { config: { permission: 'content.write' }, schema: { params: idParams, body: contentItemBodySchema, response: success(opsContentItemSchema) } }, async (request) =>
    ok(await content.update(await actorOf(request), request.params.id, request.body)),
  );

  app.put('/ops/content/:id/status', { config: { permission: 'content.write' }, schema: { params: idParams, body: contentStatusBodySchema, response: success(opsContentItemSchema) } }, async (request) =>
    ok(await content.setStatus(await actorOf(request), request.params.id, request.body.status, request.body.reason)),
  );
}
