import {
  announcementListQuerySchema,
  announcementPageSchema,
  bannerQuerySchema,
  bannerSchema,
  contentLanguageOf,
  helpCenterQuerySchema,
  helpCenterSchema,
  legalPageParamsSchema,
  publishedLegalPagesSchema,
  liveContentItemSchema,
  promotionQuerySchema,
} from '@wps/shared/schemas/content';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-types';
import { sendPage } from '../../http/cached-page';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';

const languageOf = (request: FastifyRequest) =>
  contentLanguageOf(typeof request.headers.language === 'string' ? request.headers.language : undefined);

/**
 * What players read of the operator's content, in the language of their `Language` header (the
 * operator's default when an item lacks it): announcements, the banners of a route, promotions,
 * legal pages, the footer's blocks and the help centre. No sign-in needed; the access gate applies
 * as to every call. Each answer is sent from the content service's cache of serialised answers
 * (content-answers.ts); the response schemas still document the shapes in the OpenAPI description.
 */
export function registerContentPublicRoutes(app: RouteApp, { content }: AppServices): void {
  app.post(
    '/wps/relay/MCSFE_getListAnnouncements',
    { schema: { body: announcementListQuerySchema, response: success(announcementPageSchema) } },
    async (request, reply) => {
      const language = languageOf(request);
      const { type, pageNo, pageSize } = request.body;
      return sendPage(
        request,
        reply,
        await content.answer('announcement', language, `${type ?? ''}|${pageNo}|${pageSize}`, () =>
          content.announcements(language, request.body),
        ),
      );
    },
  );

  app.get(
    '/wps/content/banners',
    { schema: { querystring: bannerQuerySchema, response: success(z.object({ list: z.array(bannerSchema) })) } },
    async (request, reply) => {
      const language = languageOf(request);
      const { group } = request.query;
      return sendPage(
        request,
        reply,
        await content.answer('banner', language, group, async () => ({ list: await content.banners(language, group) })),
      );
    },
  );

  app.get(
    '/wps/content/promotions',
    {
      schema: {
        querystring: promotionQuerySchema,
        response: success(z.object({ list: z.array(liveContentItemSchema) })),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const { category } = request.query;
      return sendPage(
        request,
        reply,
        await content.answer('promotion', language, category ?? '', async () => ({
          list: await content.live('promotion', language, category),
        })),
      );
    },
  );

  // The footer's blocks (licence line, payment logos, affiliate block), grouped by the site.
  app.get(
    '/wps/content/footer',
    { schema: { response: success(z.object({ list: z.array(liveContentItemSchema) })) } },
    async (request, reply) => {
      const language = languageOf(request);
      return sendPage(
        request,
        reply,
        await content.answer('footer', language, '', async () => ({ list: await content.live('footer', language) })),
      );
    },
  );

  // Which legal pages open: the footer links only to those.
  app.get(
    '/wps/content/pages',
    { schema: { response: success(publishedLegalPagesSchema) } },
    async (request, reply) => {
      const language = languageOf(request);
      return sendPage(
        request,
        reply,
        await content.answer('legal_page', language, '', async () => ({
          list: await content.publishedLegalPages(language),
        })),
      );
    },
  );

  app.get(
    '/wps/content/pages/:page',
    { schema: { params: legalPageParamsSchema, response: success(liveContentItemSchema) } },
    async (request, reply) => {
      const language = languageOf(request);
      const { page } = request.params;
      return sendPage(
        request,
        reply,
        await content.answer('legal_page', language, page, () => content.legalPage(language, page)),
      );
    },
  );

  app.get(
    '/wps/system/helpCenter',
    { schema: { querystring: helpCenterQuerySchema, response: success(helpCenterSchema) } },
    async (request, reply) => {
      const language = languageOf(request);
      const { q } = request.query;
      return sendPage(
        request,
        reply,
        await content.answer('help_article', language, q ?? '', () => content.helpCenter(language, q)),
      );
    },
  );
}
