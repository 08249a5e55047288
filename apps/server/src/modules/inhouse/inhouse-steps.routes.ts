import { ErrorCode } from '@wps/shared/error-codes';
import { inhouseAuthSchema } from '@wps/shared/schemas/inhouse';
import {
  hiloPickBodySchema,
  hiloStartBodySchema,
  minesRevealBodySchema,
  minesStartBodySchema,
  openRoundSchema,
  steppedCashOutBodySchema,
  steppedRoundSchema,
  type SteppedKind,
} from '@wps/shared/schemas/inhouse-steps';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import type { StepMove } from './inhouse-steps';

/**
 * The multi-step originals' API (mines, hi-lo), beside the one-shot games' in inhouse.routes.ts:
 * start (the stake: the licence's stake door is asked in the seamless bet), one call per step, the
 * cash-out, and the open round to resume. Steps and cash-outs move no stake, so they ask no door.
 */
export function registerInhouseStepRoutes(app: RouteApp, services: AppServices): void {
  const { inhouse } = services;

  /** The session, which must be for `game`. */
  async function sessionFor(sessionToken: string, playerId: string, game: SteppedKind) {
    const session = await inhouse.requireSession(sessionToken, playerId);
    if (session.game !== game)
      throw new AppError(ErrorCode.GAME_NOT_FOUND, 'This session is for another game', { nodeId: session.nodeId });
    return session;
  }

  async function start(
    body: { sessionToken: string; playerId: string; stakeMinor: string; idempotencyKey: string },
    game: SteppedKind,
    params: Record<string, unknown>,
  ) {
    const session = await sessionFor(body.sessionToken, body.playerId, game);
    return inhouse.startStepped({
      memberId: session.memberId,
      nodeId: session.nodeId,
      game,
      stakeMinor: BigInt(body.stakeMinor),
      idempotencyKey: body.idempotencyKey,
      params,
    });
  }

  async function step(
    body: { sessionToken: string; playerId: string; roundId: string },
    game: SteppedKind,
    move: StepMove,
  ) {
    const session = await sessionFor(body.sessionToken, body.playerId, game);
    return inhouse.stepRound(session.memberId, game, body.roundId, move);
  }

  app.post(
    '/wps/inhouse/mines/start',
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: minesStartBodySchema, response: success(steppedRoundSchema) },
    },
    async (request) => ok(await start(request.body, 'mines', { mines: request.body.mines })),
  );

  app.post(
    '/wps/inhouse/hilo/start',
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: hiloStartBodySchema, response: success(steppedRoundSchema) },
    },
    async (request) => ok(await start(request.body, 'hilo', {})),
  );

  app.post(
    '/wps/inhouse/mines/reveal',
    { schema: { body: minesRevealBodySchema, response: success(steppedRoundSchema) } },
    async (request) => ok(await step(request.body, 'mines', { kind: 'reveal', tile: request.body.tile })),
  );

  app.post(
    '/wps/inhouse/hilo/pick',
    { schema: { body: hiloPickBodySchema, response: success(steppedRoundSchema) } },
    async (request) => ok(await step(request.body, 'hilo', { kind: 'pick', pick: request.body.pick })),
  );

  app.post(
    '/wps/inhouse/mines/cashout',
    { schema: { body: steppedCashOutBodySchema, response: success(steppedRoundSchema) } },
    async (request) => ok(await step(request.body, 'mines', { kind: 'cashOut' })),
  );

  app.post(
    '/wps/inhouse/hilo/cashout',
    { schema: { body: steppedCashOutBodySchema, response: success(steppedRoundSchema) } },
    async (request) => ok(await step(request.body, 'hilo', { kind: 'cashOut' })),
  );

  app.post(
    '/wps/inhouse/round',
    { schema: { body: inhouseAuthSchema, response: success(openRoundSchema) } },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      if (session.game !== 'mines' && session.game !== 'hilo') return ok({ round: null });
      return ok({ round: await inhouse.findOpenRound(session.memberId, session.game) });
    },
  );
}
