import crypto from 'node:crypto';
import { minePositions } from '@wps/shared/originals/mines';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { call, valueOf } from '../../../test/api-client';
import type { TestApp } from '../../../test/test-app';
import type { Player } from '../gateway/gateway.test-support';

/**
 * What the mines and hi-lo API tests share: a game session from a launch, the step calls, and a
 * peek at the player's active server seed (the tests read it to know the mines and cards in
 * advance, as a player cannot).
 */
export function stepHelpers(app: () => TestApp) {
  const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;
  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });

  async function open(player: Player, nodeId: string): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(app().app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId, vassalage: 'inhouse' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(app().app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const post = (path: string, s: InhouseSession, body: Record<string, unknown> = {}) =>
    call(app().app, 'POST', `/wps/inhouse/${path}`, { payload: { ...auth(s), ...body } });
  const startMines = (s: InhouseSession, stakeMinor: string, mines: number, idempotencyKey = key()) =>
    post('mines/start', s, { stakeMinor, mines, idempotencyKey });
  const reveal = (s: InhouseSession, roundId: string, tile: number) => post('mines/reveal', s, { roundId, tile });

  /** The server seed the player's next rounds use (the player sees its hash only). */
  async function activeServerSeed(memberId: string): Promise<string> {
    const row = await app()
      .database.db.selectFrom('inhouse_seeds')
      .select('server_seed')
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return row.server_seed;
  }

  async function minesOf(player: Player, r: SteppedRound): Promise<number[]> {
    return minePositions(
      await activeServerSeed(player.memberId),
      r.clientSeed,
      r.nonce,
      (r.outcome as { mines: number }).mines,
    );
  }

  const safeTiles = (mines: number[]) => Array.from({ length: 25 }, (_, i) => i).filter((i) => !mines.includes(i));

  return { key, open, post, startMines, reveal, activeServerSeed, minesOf, safeTiles };
}
