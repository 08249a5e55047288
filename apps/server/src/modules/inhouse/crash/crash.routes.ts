import { ErrorCode } from '@wps/shared/error-codes';
import { inhouseAuthSchema } from '@wps/shared/schemas/inhouse';
import {
  crashBetBodySchema,
  crashBetResultSchema,
  crashHistorySchema,
  crashMonitorSchema,
  crashStateSchema,
} from '@wps/shared/schemas/inhouse-crash';
import type { RouteApp } from '../../../app-types';
import { AppError } from '../../../http/app-error';
import { ok } from '../../../http/envelope';
import { failureEnvelopeSchema, nonJson, success } from '../../../openapi/responses';
import type { AppServices } from '../../../services';

/**
 * Crash's API. The bet, the cash-out and the player's history carry the game session like the
 * other in-house calls; the state and its live stream are public (no player ids, a round's hash
 * and crash point only once busted). The back office reads the monitor under /ops/.
 */
export function registerCrashRoutes(app: RouteApp, { inhouse }: AppServices): void {
  const { crash } = inhouse;
  app.addHook('preClose', async () => crash.live.closeAll());

  async function crashSession(sessionToken: string, playerId: string) {
    const session = await inhouse.requireSession(sessionToken, playerId);
    if (session.game !== 'crash')
      throw new AppError(ErrorCode.GAME_NOT_FOUND, 'This session is for another game', { nodeId: session.nodeId });
    return session;
  }

  app.post(
    '/wps/inhouse/crash/bet',
    // A bet is a stake: the licence's stake door is asked in the transaction that writes and debits it (crash-placement.ts).
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: crashBetBodySchema, response: success(crashBetResultSchema) },
    },
    async (request) => {
      const { sessionToken, playerId, stakeMinor, idempotencyKey, autoCashoutHundredths } = request.body;
      const session = await crashSession(sessionToken, playerId);
      return ok(
        await crash.placeBet({
          memberId: session.memberId,
          nodeId: session.nodeId,
          stakeMinor: BigInt(stakeMinor),
          idempotencyKey,
          autoCashoutHundredths: autoCashoutHundredths ?? null,
        }),
      );
    },
  );

  app.post(
    '/wps/inhouse/crash/cashout',
    { schema: { body: inhouseAuthSchema, response: success(crashBetResultSchema) } },
    async (request) => {
      const session = await crashSession(request.body.sessionToken, request.body.playerId);
      return ok(await crash.cashOut(session.memberId));
    },
  );

  app.post(
    '/wps/inhouse/crash/history',
    { schema: { body: inhouseAuthSchema, response: success(crashHistorySchema) } },
    async (request) => {
      const session = await crashSession(request.body.sessionToken, request.body.playerId);
      return ok(await crash.history(session.memberId));
    },
  );

  app.get('/wps/inhouse/crash/state', { schema: { response: success(crashStateSchema) } }, async () =>
    ok(await crash.readState()),
  );

  /** Server-Sent Events: `state` (crashStateSchema and `seq`) now, then `tick` deltas at every change of the round on any instance and through a flight (crash-live.ts). */
  app.get(
    '/wps/inhouse/crash/live',
    {
      schema: {
        response: {
          200: nonJson(['text/event-stream'], 'Server-Sent Events: state, then tick deltas'),
          503: failureEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      if (!crash.live.hasRoom(request.ip))
        throw new AppError(ErrorCode.SERVER_BUSY, 'Too many live pages are open; try again', { retryAfterSeconds: 5 });
      reply.hijack();
      // The stream writes the socket itself (crash-fanout.ts: its own head, no chunked framing).
      const { socket } = reply.raw;
      if (socket) crash.live.attach(socket, request.ip);
    },
  );

  app.get(
    '/ops/inhouse-games/crash/monitor',
    { config: { permission: 'games.read' }, schema: { response: success(crashMonitorSchema) } },
    async () => ok(await crash.readMonitor()),
  );
}
