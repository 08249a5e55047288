import {
  announcementListQuerySchema,
  announcementPageSchema,
  bannerQuerySchema,
  bannerSchema,
  contentLanguageOf,
  helpCenterQuerySchema,
  helpCenterSchema,
  legalPageParamsSchema,
  liveContentItemSchema,
  promotionQuerySchema,
} from '@wps/shared/schemas/content';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';

const languageOf = (request: FastifyRequest) => contentLanguageOf(typeof request.headers.language === 'string' ? request.headers.language : undefined);

/**
 * What players read of the operator's content, in the language of their `Language` header (the
 * operator's default when an item lacks it): announcements, the banners of a route, promotions,
 * legal pages and the help centre. No sign-in needed; the access gate applies as to every call.
 */
export function registerContentPublicRoutes(app: RouteApp, { content }: AppServices): void {
  app.post('/wps/relay/MCSFE_getListAnnouncements', { schema: { body: announcementListQuerySchema, response: success(announcementPageSchema) } }, async (request) =>
    ok(await content.announcements(languageOf(request), request.body)),
  );

  app.get('/wps/content/banners', { schema: { querystring: bannerQuerySchema, response: success(z.object({ list: z.array(bannerSchema) })) } }, async (request) =>
    ok({ list: await content.banners(languageOf(request), request.query.group) }),
  );

  app.get('/wps/content/promotions', { schema: { querystring: promotionQuerySchema, response: success(z.object({ list: z.array(liveContentItemSchema) })) } }, async (request) =>
    ok({ list: await content.live('promotion', languageOf(request), request.query.category) }),
  );

  app.get('/wps/content/pages/:page', { schema: { params: legalPageParamsSchema, response: success(liveContentItemSchema) } }, async (request) =>
    ok(await content.legalPage(languageOf(request), request.params.page)),
  );

  app.get('/wps/system/helpCenter', { schema: { querystring: helpCenterQuerySchema, response: success(helpCenterSchema) } }, async (request) =>
    ok(await content.helpCenter(languageOf(request), request.query.q)),
  );
}
