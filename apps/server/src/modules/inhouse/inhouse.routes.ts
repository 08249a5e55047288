import {
  inhouseCertificateBodySchema,
  inhouseCertificateChangeSchema,
  inhouseOfferSchema,
} from '@wps/shared/schemas/inhouse-certificates';
import {
  diceRollBodySchema,
  fairStateSchema,
  inhouseAuthSchema,
  inhouseClientSeedBodySchema,
  inhouseRoundResultSchema,
  inhouseSessionBodySchema,
  inhouseSessionSchema,
  rotateSeedResultSchema,
  slotSpinBodySchema,
} from '@wps/shared/schemas/inhouse';
import { kenoPlayBodySchema, limboPlayBodySchema, plinkoPlayBodySchema } from '@wps/shared/schemas/inhouse-originals';
import {
  inhouseGameParamsSchema,
  inhouseGameSettingsBodySchema,
  inhouseGameSettingsChangeSchema,
  opsInhouseGameSchema,
} from '@wps/shared/schemas/inhouse-settings';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OriginalKind } from '@wps/shared/originals/originals';
import { z } from 'zod';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { success } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { requestOperator } from '../operator/operator-auth';
import { registerCrashRoutes } from './crash/crash.routes';

/**
 * The in-house games' API, called by the game page inside the /game iframe. Like any vendor's
 * game client it holds a vendor session (from the launch token), not the site's login token.
 * Operators read the games' RTP and stake limits and set a game's maximum stake (an original's
 * RTP and maximum payout too) under /ops/.
 */
export function registerInhouseRoutes(app: RouteApp, services: AppServices): void {
  const { inhouse } = services;
  registerCrashRoutes(app, services);

  // Public, as the lobby's lanes are: the studio's lobby and game pages leave out (and explain) the
  // originals the licence hides for want of a lab certificate; their launch is refused anyway.
  app.get('/wps/inhouse/offer', { schema: { response: success(inhouseOfferSchema) } }, async () => {
    return ok({ hiddenByLicence: [...(await inhouse.certificates.uncertifiedOriginals())].sort() });
  });

  app.post(
    '/wps/inhouse/session',
    { schema: { body: inhouseSessionBodySchema, response: success(inhouseSessionSchema) } },
    async (request) => {
      return ok(await inhouse.openSession(request.body.launchToken));
    },
  );

  app.post(
    '/wps/inhouse/fair',
    { schema: { body: inhouseAuthSchema, response: success(fairStateSchema) } },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      return ok(await inhouse.fairState(session.memberId));
    },
  );

  app.post(
    '/wps/inhouse/fair/client-seed',
    { schema: { body: inhouseClientSeedBodySchema, response: success(fairStateSchema) } },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      return ok(await inhouse.setClientSeed(session.memberId, request.body.clientSeed));
    },
  );

  app.post(
    '/wps/inhouse/fair/rotate',
    { schema: { body: inhouseAuthSchema, response: success(rotateSeedResultSchema) } },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      return ok(await inhouse.rotateSeed(session.memberId));
    },
  );

  app.post(
    '/wps/inhouse/slot/spin',
    // A round's bet is a stake: the licence's stake door is asked in the seamless bet.
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: slotSpinBodySchema, response: success(inhouseRoundResultSchema) },
    },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      if (session.game !== 'slot')
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'This session is for another game', { nodeId: session.nodeId });
      return ok(
        await inhouse.play({
          memberId: session.memberId,
          nodeId: session.nodeId,
          game: 'slot',
          stakeMinor: BigInt(request.body.stakeMinor),
          idempotencyKey: request.body.idempotencyKey,
          params: {},
        }),
      );
    },
  );

  app.post(
    '/wps/inhouse/dice/roll',
    // A round's bet is a stake: the licence's stake door is asked in the seamless bet.
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: diceRollBodySchema, response: success(inhouseRoundResultSchema) },
    },
    async (request) => {
      const session = await inhouse.requireSession(request.body.sessionToken, request.body.playerId);
      if (session.game !== 'dice')
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'This session is for another game', { nodeId: session.nodeId });
      return ok(
        await inhouse.play({
          memberId: session.memberId,
          nodeId: session.nodeId,
          game: 'dice',
          stakeMinor: BigInt(request.body.stakeMinor),
          idempotencyKey: request.body.idempotencyKey,
          params: { target: request.body.target, direction: request.body.direction },
        }),
      );
    },
  );

  // The house originals: one play call each, the same path as the dice (session, stake, key, choices).
  app.post(
    '/wps/inhouse/limbo/play',
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: limboPlayBodySchema, response: success(inhouseRoundResultSchema) },
    },
    async (request) => {
      const { sessionToken, playerId, stakeMinor, idempotencyKey, targetHundredths } = request.body;
      return ok(await playOriginal(sessionToken, playerId, 'limbo', stakeMinor, idempotencyKey, { targetHundredths }));
    },
  );

  app.post(
    '/wps/inhouse/plinko/play',
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: plinkoPlayBodySchema, response: success(inhouseRoundResultSchema) },
    },
    async (request) => {
      const { sessionToken, playerId, stakeMinor, idempotencyKey, rows, risk } = request.body;
      return ok(await playOriginal(sessionToken, playerId, 'plinko', stakeMinor, idempotencyKey, { rows, risk }));
    },
  );

  app.post(
    '/wps/inhouse/keno/play',
    {
      config: { licenceDoors: ['stake'] },
      schema: { body: kenoPlayBodySchema, response: success(inhouseRoundResultSchema) },
    },
    async (request) => {
      const { sessionToken, playerId, stakeMinor, idempotencyKey, picks, risk } = request.body;
      return ok(await playOriginal(sessionToken, playerId, 'keno', stakeMinor, idempotencyKey, { picks, risk }));
    },
  );

  /** A round of an original under the game session, which must be that game's. */
  async function playOriginal(
    sessionToken: string,
    playerId: string,
    game: OriginalKind,
    stakeMinor: string,
    idempotencyKey: string,
    params: Record<string, unknown>,
  ) {
    const session = await inhouse.requireSession(sessionToken, playerId);
    if (session.game !== game)
      throw new AppError(ErrorCode.GAME_NOT_FOUND, 'This session is for another game', { nodeId: session.nodeId });
    return inhouse.play({
      memberId: session.memberId,
      nodeId: session.nodeId,
      game,
      stakeMinor: BigInt(stakeMinor),
      idempotencyKey,
      params,
    });
  }

  app.get(
    '/ops/inhouse-games',
    { config: { permission: 'games.read' }, schema: { response: success(z.array(opsInhouseGameSchema)) } },
    async () => {
      return ok(await inhouse.listGames());
    },
  );

  app.put(
    '/ops/inhouse-games/:nodeId/settings',
    {
      config: { permission: 'games.write' },
      schema: {
        params: inhouseGameParamsSchema,
        body: inhouseGameSettingsBodySchema,
        response: success(inhouseGameSettingsChangeSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await inhouse.setGameSettings(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.nodeId,
          request.body,
        ),
      );
    },
  );

  app.put(
    '/ops/inhouse-games/:nodeId/certificate',
    {
      config: { permission: 'games.write' },
      schema: {
        params: inhouseGameParamsSchema,
        body: inhouseCertificateBodySchema,
        response: success(inhouseCertificateChangeSchema),
      },
    },
    async (request) => {
      const operator = await requestOperator(request);
      return ok(
        await inhouse.certificates.setCertificate(
          { actorType: 'operator', actorId: operator.operatorId },
          request.params.nodeId,
          request.body,
        ),
      );
    },
  );
}
