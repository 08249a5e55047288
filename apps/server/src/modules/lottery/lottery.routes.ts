import {
  favouriteBodySchema,
  gameCodeParamsSchema,
  gameMenusQuerySchema,
  lotteryFavouritesSchema,
  lotteryMenuGroupsSchema,
  lotteryNumerosSchema,
  lotteryOpenedNumeroSchema,
  lotteryPaytableSchema,
  lotteryPlacedSchema,
  lotteryPopularSchema,
  lotteryRecentMenusSchema,
  lotteryTicketsPageSchema,
  numerosQuerySchema,
  openedNumeroQuerySchema,
  paytableQuerySchema,
  placeTicketBodySchema,
  popularQuerySchema,
  ticketsQuerySchema,
  liveQuerySchema,
  vnGameMenuQuerySchema,
} from '@wps/shared/schemas/lottery';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import type { RouteApp } from '../../app-types';
import { ok } from '../../http/envelope';
import { failureEnvelopeSchema, nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { ticketView } from './lottery-reads';

/**
 * The lottery's player calls: the lobby's menus, popular games and opened numeros (the spec's
 * /lgw/ and /lotto/ calls), and the ones it leaves unstated: placing a ticket, the player's
 * tickets and favourites (docs/lottery.md, "API"). Trial players bet with their demo money.
 */
export function registerLotteryRoutes(app: RouteApp, { lottery }: AppServices): void {
  const { reads, betting, live } = lottery;

  // Open streams would hold the server's close until their clients left.
  app.addHook('preClose', async () => live.closeAll());

  /**
   * Live updates for the lottery's pages (Server-Sent Events): `hello` with the server's time,
   * then `draw` { gameCode, numero, status, serverTime } whenever a draw of the game (of any game
   * without gameCode) changes status, on whichever instance it happened. Public: it carries
   * nothing a visitor of the lobby cannot read; a page refetches its tickets on `settled`.
   */
  app.get(
    '/lgw/live',
    {
      schema: {
        querystring: liveQuerySchema,
        response: {
          200: nonJson(['text/event-stream'], 'Server-Sent Events: hello, draw, reset'),
          403: failureEnvelopeSchema,
          503: failureEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!live.hasRoom(request.ip))
        throw new AppError(ErrorCode.SERVER_BUSY, 'Too many live pages are open; try again', { retryAfterSeconds: 5 });
      await lottery.refuseLive(request.query.gameCode ?? null);
      reply.hijack();
      live.attach(reply.raw, request.query.gameCode ?? null, request.ip);
    },
  );

  app.get(
    '/lgw/games/game_menus',
    { schema: { querystring: gameMenusQuerySchema, response: success(lotteryMenuGroupsSchema) } },
    async (request) => ok(await reads.gameMenus(request.query.prizeMode)),
  );

  app.get(
    '/lgw/vn/games/game_menu',
    { schema: { querystring: vnGameMenuQuerySchema, response: success(lotteryMenuGroupsSchema) } },
    async (request) => ok(await reads.vnGameMenu(request.query.prizeMode)),
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    { schema: { response: success(lotteryRecentMenusSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await reads.recentMenus(member.memberId));
    },
  );

  app.get(
    '/lgw/games/popular',
    { schema: { querystring: popularQuerySchema, response: success(lotteryPopularSchema) } },
    async (request) => ok(await reads.popular(request.query.count)),
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    { schema: { querystring: numerosQuerySchema, response: success(lotteryNumerosSchema) } },
    async (request) => ok(await reads.openedNumeros(request.query.gameCode, request.query.count)),
  );

  /** Public like the results: the odds are what any visitor of the game's page may read. */
  app.get(
    '/lgw/games/paytable',
    { schema: { querystring: paytableQuerySchema, response: success(lotteryPaytableSchema) } },
    async (request) => ok(await reads.paytable(request.query.gameCode)),
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    { schema: { querystring: openedNumeroQuerySchema, response: success(lotteryOpenedNumeroSchema) } },
    async (request) => {
      await requireMember(request, { allowTrial: true });
      return ok(await reads.openedNumero(request.query.gameCode));
    },
  );

  app.post(
    '/lgw/tickets',
    {
      // A ticket on a foreign lottery's draw asks the stake door in its placement's transaction.
      config: { licenceDoors: ['stake'] },
      schema: { body: placeTicketBodySchema, response: success(lotteryPlacedSchema) },
    },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      const body = request.body;
      const placed = await betting.place({
        memberId: member.memberId,
        gameCode: body.gameCode,
        numero: body.numero,
        selections: body.selections.map((s) => ({
          betType: s.betType,
          numbers: s.numbers,
          position: s.position,
          option: s.option,
          stakePerLineMinor: BigInt(s.stakePerLineMinor),
        })),
        onLimit: body.onLimit,
        idempotencyKey: body.idempotencyKey,
      });
      const money = await lottery.money();
      return ok({
        ticket: ticketView({ ...placed.ticket, gameCode: placed.draw.gameCode, numero: placed.draw.numero }, money),
        balanceMinor: placed.balanceMinor?.toString() ?? null,
        replayed: placed.replayed,
      });
    },
  );

  app.get(
    '/lgw/tickets',
    { schema: { querystring: ticketsQuerySchema, response: success(lotteryTicketsPageSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await reads.tickets(member.memberId, request.query));
    },
  );

  app.get('/lgw/favourites', { schema: { response: success(lotteryFavouritesSchema) } }, async (request) => {
    const member = await requireMember(request, { allowTrial: true });
    return ok(await reads.favourites(member.memberId));
  });

  app.put(
    '/lgw/favourites/:gameCode',
    { schema: { params: gameCodeParamsSchema, body: favouriteBodySchema, response: success(lotteryFavouritesSchema) } },
    async (request) => {
      const member = await requireMember(request, { allowTrial: true });
      return ok(await reads.markFavourite(member.memberId, request.params.gameCode, request.body.favourite));
    },
  );
}
