// What the in-house games' component tests share: a game session as the launch gives it, the
// fairness state of a player with no round yet, a round's answer, and the game rendered with its
// API stubbed. Component tests only (`*.test.tsx`).
import { vi } from 'vitest';
import type { ComponentType } from 'react';
import type { InhouseAuth, InhouseGameKind, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { ok, renderWithProviders, stubApi, type RenderOptions } from '../../../lib/test-render';

/** A BRL session with 100,00 on it, stakes from 0,10 by a cent, that expires in 2099. */
export function testSession(game: InhouseGameKind, over: Partial<InhouseSession> = {}): InhouseSession {
  return {
    sessionToken: 'a'.repeat(64),
    playerId: '7',
    nickname: 'ana',
    nodeId: `inhouse-${game}`,
    game,
    gameName: game,
    currency: 'BRL',
    scale: 2,
    balance: '100.00',
    balanceMinor: '10000',
    minStakeMinor: '10',
    maxStakeMinor: '1000000',
    stakeStepMinor: '1',
    rtpBps: 9900,
    maxPayoutMinor: '100000000',
    expiresAt: '2099-01-01T00:00:00Z',
    ...over,
  };
}

/** What a game's calls carry to say whose session they play in. */
export const authOf = (session: InhouseSession): InhouseAuth => ({
  sessionToken: session.sessionToken,
  playerId: session.playerId,
});

/** The fairness state of a player who has not played yet: the recent results start empty. */
export const NO_ROUNDS_YET = ok({
  serverSeedHash: 'b'.repeat(64),
  clientSeed: 'c',
  nonce: 0,
  previous: null,
  rounds: [],
});

/** A settled round of 1,00 that paid nothing, the balance at 99,00; `over` says what it did. */
export function roundResult(game: InhouseGameKind, over: Partial<InhouseRoundResult> = {}): InhouseRoundResult {
  return {
    roundId: 'ih-1',
    game,
    stake: '1.00',
    stakeMinor: '100',
    payout: '0.00',
    payoutMinor: '0',
    currency: 'BRL',
    balance: '99.00',
    balanceMinor: '9900',
    outcome: {},
    serverSeedHash: 'b'.repeat(64),
    serverSeed: null,
    clientSeed: 'c',
    nonce: 0,
    rtpBps: 9900,
    replayed: false,
    ...over,
  };
}

/** A multiplier as the page writes it in Portuguese ("1,84×"). */
export const shown = (bp: number) =>
  `${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 10_000)}×`;

/** Every game's props; the balance is all of a result that every game hands on. */
/** A game's API answers by "METHOD /path", as `stubApi` takes them. */
export type GameRoutes = Parameters<typeof stubApi>[0];

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: { balanceMinor: string }) => void };

/**
 * The game's page part in `session`, its API answered by `routes` (the fairness state of a new
 * player unless they say otherwise); `onResult` is what the page's balance would receive.
 */
export async function renderGame(
  Game: ComponentType<GameProps>,
  session: InhouseSession,
  routes: GameRoutes,
  options: RenderOptions = {},
) {
  const api = stubApi({ 'POST /wps/inhouse/fair': NO_ROUNDS_YET, ...routes });
  const onResult = vi.fn();
  const view = await renderWithProviders(
    <Game session={session} auth={authOf(session)} onResult={onResult} />,
    options,
  );
  return { api, onResult, ...view };
}
