import { z } from 'zod';
import {
  catalogueStatusChangeSchema,
  catalogueSettingsChangeResultSchema,
  gameSettingsBodySchema,
  vendorSettingsBodySchema,
  favouriteChangeSchema,
  favouriteListRequestSchema,
  favouriteListSchema,
  favouriteStateSchema,
  gameListRequestSchema,
  gameListSchema,
  gameParamsSchema,
  gameStatusChangeResultSchema,
  gameStripSchema,
  hotGamesRequestSchema,
  opsGamesQuerySchema,
  opsVendorGamesSchema,
  opsVendorListItemSchema,
  rankListRequestSchema,
  rankListSchema,
  recentGamesRequestSchema,
  vendorClassifyRequestSchema,
  vendorClassifySchema,
  vendorLanesRequestSchema,
  vendorLanesSchema,
  vendorParamsSchema,
  vendorStatusChangeResultSchema,
} from '@wps/shared/schemas/catalogue';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import { sendPage } from '../../http/cached-page';

/** Browsing is open to trial accounts (spec: trial players may try games). */
const BROWSE = { allowTrial: true } as const;

/** Lobby calls (Games; all POST like the original relay) and operator maintenance switches. */
export function registerCatalogueRoutes(app: RouteApp, services: AppServices): void {
  const { catalogue } = services;

  app.post(
    '/wps/relay/GCSGAME_newGameVendor',
    { schema: { body: vendorLanesRequestSchema.optional(), response: success(vendorLanesSchema) } },
    async () => ok(await catalogue.listVendorLanes()),
  );

  app.post(
    '/wps/relay/GCSGAME_hotGamesV2',
    { schema: { body: hotGamesRequestSchema.optional(), response: success(gameStripSchema) } },
    async (request) => ok(await catalogue.listHotGames(request.body ?? {})),
  );

  app.post(
    '/wps/relay/GCSGAME_getRankList',
    { schema: { body: rankListRequestSchema.optional(), response: success(rankListSchema) } },
    async (request) => ok(await catalogue.listWinners(request.body ?? { size: 20 })),
  );

  app.post(
    '/wps/relay/GCSGAME_gameList',
    { schema: { body: gameListRequestSchema, response: success(gameListSchema) } },
    async (request, reply) => {
      await requireMember(request, BROWSE);
      // The lobby's hottest call: the envelope comes already serialised (and compressed) from the catalogue's cache.
      // Bytes skip the response serializer, so apps/server/test/openapi.test.ts checks them against the schema.
      return sendPage(request, reply, await catalogue.listGamesPage(request.body));
    },
  );

  app.post(
    '/wps/relay/GCSGAME_getVassGameType',
    { schema: { body: vendorClassifyRequestSchema, response: success(vendorClassifySchema) } },
    async (request) => {
      await requireMember(request, BROWSE);
      return ok(await catalogue.listVendorClassifies(request.body.vassalage));
    },
  );

  app.post(
    '/wps/relay/MCSFE_getFavoriteGames',
    { schema: { response: success(z.array(z.string())) } },
    async (request) => {
      const member = await requireMember(request, BROWSE);
      return ok(await catalogue.listFavouriteIds(member.memberId));
    },
  );

  app.post(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    { schema: { body: favouriteListRequestSchema, response: success(favouriteListSchema) } },
    async (request) => {
      const member = await requireMember(request, BROWSE);
      return ok(await catalogue.listFavourites(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/relay/MCSFE_addFavoriteGame',
    { schema: { body: favouriteChangeSchema, response: success(favouriteStateSchema) } },
    async (request) => {
      const member = await requireMember(request, BROWSE);
      return ok(await catalogue.addFavourite(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/relay/MCSFE_removeFavoriteGame',
    { schema: { body: favouriteChangeSchema, response: success(favouriteStateSchema) } },
    async (request) => {
      const member = await requireMember(request, BROWSE);
      return ok(await catalogue.removeFavourite(member.memberId, request.body));
    },
  );

  app.post(
    '/wps/relay/GCS_recentGame',
    { schema: { body: recentGamesRequestSchema, response: success(gameStripSchema) } },
    async (request) => {
      const member = await requireMember(request, BROWSE);
      return ok(await catalogue.listRecentGames(member.memberId, request.body));
    },
  );

  app.get(
    '/ops/vendors',
    { config: { permission: 'games.read' }, schema: { response: success(z.array(opsVendorListItemSchema)) } },
    async () => {
      return ok(await catalogue.listVendorsForOps());
    },
  );

  app.get(
    '/ops/games',
    {
      config: { permission: 'games.read' },
      schema: { querystring: opsGamesQuerySchema, response: success(opsVendorGamesSchema) },
    },
    async (request) => {
      return ok(await catalogue.listVendorGamesForOps(request.query.vassalage));
    },
  );

  app.put(
    '/ops/vendors/:vassalage/status',
    {
      config: { permission: 'games.write' },
      schema: {
        params: vendorParamsSchema,
        body: catalogueStatusChangeSchema,
        response: success(vendorStatusChangeResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await catalogue.setVendorStatus(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.vassalage,
          request.body.status,
          request.body.reason,
        ),
      );
    },
  );

  app.put(
    '/ops/vendors/:vassalage/settings',
    {
      config: { permission: 'games.write' },
      schema: {
        params: vendorParamsSchema,
        body: vendorSettingsBodySchema,
        response: success(catalogueSettingsChangeResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await catalogue.setVendorSettings(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.vassalage,
          request.body,
        ),
      );
    },
  );

  app.put(
    '/ops/games/:nodeId/settings',
    {
      config: { permission: 'games.write' },
      schema: {
        params: gameParamsSchema,
        body: gameSettingsBodySchema,
        response: success(catalogueSettingsChangeResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await catalogue.setGameSettings(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.nodeId,
          request.body,
        ),
      );
    },
  );

  app.put(
    '/ops/games/:nodeId/status',
    {
      config: { permission: 'games.write' },
      schema: {
        params: gameParamsSchema,
        body: catalogueStatusChangeSchema,
        response: success(gameStatusChangeResultSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await catalogue.setGameStatus(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.nodeId,
          request.body.status,
          request.body.reason,
        ),
      );
    },
  );
}
