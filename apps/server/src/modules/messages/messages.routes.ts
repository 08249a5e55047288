import { z } from 'zod';
import {
  markNoticesReadBodySchema,
  markNoticesReadResultSchema,
  noticeListQuerySchema,
  noticeListResultSchema,
} from '@wps/shared/schemas/messages';
import { contentLanguageOf } from '@wps/shared/schemas/content';
import { platformMessageListQuerySchema, platformMessageListResultSchema } from '@wps/shared/schemas/platform-messages';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';

/**
 * The player's inbox: the unread count of notices and platform messages together
 * (CSP_unreadCount); notices listed and marked read; platform messages (messageV2) listed in the
 * request's Language and marked read. Trial accounts get none.
 */
export function registerMessagesRoutes(app: RouteApp, services: AppServices): void {
  const { messages } = services;

  app.get('/wps/relay/CSP_unreadCount', { schema: { response: success(z.number().int()) } }, async (request) => {
    const member = await requireMember(request);
    return ok(await messages.countUnread(member.memberId));
  });

  app.get(
    '/wps/messages',
    { schema: { querystring: noticeListQuerySchema, response: success(noticeListResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await messages.list(member.memberId, request.query.page, request.query.pageSize));
    },
  );

  app.post(
    '/wps/messages/read',
    { schema: { body: markNoticesReadBodySchema, response: success(markNoticesReadResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await messages.markRead(member.memberId, request.body.ids));
    },
  );

  app.get(
    '/wps/messages/platform',
    { schema: { querystring: platformMessageListQuerySchema, response: success(platformMessageListResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      const language = contentLanguageOf(
        typeof request.headers.language === 'string' ? request.headers.language : undefined,
      );
      return ok(await messages.platform.inbox(member.memberId, language, request.query.page, request.query.pageSize));
    },
  );

  app.post(
    '/wps/messages/platform/read',
    { schema: { body: markNoticesReadBodySchema, response: success(markNoticesReadResultSchema) } },
    async (request) => {
      const member = await requireMember(request);
      return ok(await messages.platform.markRead(member.memberId, request.body.ids));
    },
  );
}
