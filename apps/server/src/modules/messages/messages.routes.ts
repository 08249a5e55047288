import { z } from 'zod';
import {
  markNoticesReadBodySchema,
  markNoticesReadResultSchema,
  noticeListQuerySchema,
  noticeListResultSchema,
} from '@wps/shared/schemas/messages';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** Player notices: unread count (CSP_unreadCount), list, mark read. Trial accounts get none. */
export function registerMessagesRoutes(app: RouteApp, services: AppServices): void {
  const { messages } = services;

  app.get('/wps/relay/CSP_unreadCount', { schema: { response: success(z.number().int()) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.countUnread(member.memberId));
  });

  app.get('/wps/messages', { schema: { querystring: noticeListQuerySchema, response: success(noticeListResultSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.list(member.memberId, request.query.page, request.query.pageSize));
  });

  app.post('/wps/messages/read', { schema: { body: markNoticesReadBodySchema, response: success(markNoticesReadResultSchema) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.markRead(member.memberId, request.body.ids));
  });
}
