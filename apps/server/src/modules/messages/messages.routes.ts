import { markNoticesReadBodySchema, noticeListQuerySchema } from '@wps/shared/schemas/messages';
import type { RouteApp } from '../../app';
import { ok } from '../../http/envelope';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/** Player notices: unread count (spec §7 CSP_unreadCount), list, mark read. Trial accounts get none (spec §4). */
export function registerMessagesRoutes(app: RouteApp, services: AppServices): void {
  const { messages } = services;

  app.get('/wps/relay/CSP_unreadCount', async (request) => {
    const member = await requireMember(request);
    return ok(await messages.countUnread(member.memberId));
  });

  app.get('/wps/messages', { schema: { querystring: noticeListQuerySchema } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.list(member.memberId, request.query.page, request.query.pageSize));
  });

  app.post('/wps/messages/read', { schema: { body: markNoticesReadBodySchema } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.markRead(member.memberId, request.body.ids));
  });
}
