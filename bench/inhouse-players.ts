// Funded players with an open in-house game session each, for the benches that play the in-house
// games through the real HTTP API (bench:crash, bench:originals-play). The member row and its
// funding (bench/funded-member.ts) and the login session are written directly (no password
// hashing per player); the game is then launched and its session opened through the app's own
// routes, as a page would.
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { BenchServer } from './bench-server';
import { insertFundedMember } from './funded-member';

export type BenchPlayer = { memberId: string; sessionToken: string; playerId: string };

async function injectValue<T>(server: BenchServer, url: string, payload: unknown, token?: string): Promise<T> {
  const res = await server.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: token } : {},
    payload: payload as object,
  });
  const body = res.json() as { success: boolean; value: T };
  if (!body.success) throw new Error(`${url}: ${res.body}`);
  return body.value;
}

/** `count` players with `fundsMinor` each and a session of the in-house game `nodeId`. */
export async function openInhousePlayers(
  server: BenchServer,
  count: number,
  nodeId: string,
  fundsMinor = 10n ** 10n,
): Promise<BenchPlayer[]> {
  const { app } = server;
  const db = server.database.db;
  const one = async (): Promise<BenchPlayer> => {
    const memberId = await insertFundedMember(server, 'ih', fundsMinor);
    const { token } = await app.services.session.createSession(db, { memberId });
    const { game_url } = await injectValue<{ game_url: string }>(
      server,
      '/wps/game/launchGame',
      { nodeId, vassalage: 'inhouse' },
      token,
    );
    const launchToken = new URLSearchParams(game_url.split('?')[1]).get('launch')!;
    const session = await injectValue<InhouseSession>(server, '/wps/inhouse/session', { launchToken });
    return { memberId, sessionToken: session.sessionToken, playerId: session.playerId };
  };
  const players: BenchPlayer[] = [];
  for (let i = 0; i < count; i += 20)
    players.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, one))));
  return players;
}
