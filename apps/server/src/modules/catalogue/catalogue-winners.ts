import { formatMinor } from '@wps/shared/money';
import type { RankList } from '@wps/shared/schemas/catalogue';
import type { LedgerService } from '../ledger/ledger.service';
import type { MemberViews } from '../member/member-views';
import type { Snapshot } from './catalogue-snapshot';

// The public winners board (GCSGAME_getRankList): the biggest net round wins of the last 30 days,
// named by the catalogue's games, the players' accounts masked.

/** The winners board looks back this far. */
const WINNERS_WINDOW_MS = 30 * 24 * 3600_000;
/** The public winners board is computed at most this often per instance (it scans the ledger). */
const WINNERS_CACHE_MS = 10_000;

/** "player42" → "pl***42": a public board must not publish whole usernames. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account[0] ?? ''}***`;
  if (account.length <= 4) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

type WinnersDeps = {
  /** The catalogue as players see it: a win's game is named only while players can see the game. */
  snapshot: () => Promise<Snapshot>;
  /** The ledger ranks wins among the member module's real-money accounts. */
  ledger: Pick<LedgerService, 'findTopRoundWins'>;
  memberViews: Pick<MemberViews, 'realMoneyAccounts'>;
  now: () => number;
};

export function createWinnersBoard({ snapshot, ledger, memberViews, now }: WinnersDeps) {
  let winners: { at: number; size: number; board: Promise<RankList> } | undefined;

  async function buildWinners(size: number): Promise<RankList> {
    const snap = await snapshot();
    // Net wins, not payouts: a round that paid less than it staked is a loss, and a board of
    // R$ 0,10 "wins" on R$ 1 bets misleads. Net money (payout − stake) rather than a multiplier
    // (payout ÷ stake) because it is the figure a player reads as "won R$ X", and a multiplier
    // ranking would crown centavo stakes that hit a long shot over large real wins. Only money
    // that really moved (the ledger's entries); trial (free-play) accounts win demo money, which
    // never makes the public board.
    const wins = await ledger.findTopRoundWins({
      since: new Date(now() - WINNERS_WINDOW_MS),
      limit: size,
      members: memberViews.realMoneyAccounts(),
    });
    return {
      list: wins.map((w) => {
        const item = w.nodeId ? snap.itemById.get(w.nodeId) : undefined;
        return {
          account: maskAccount(w.account),
          vassalage: item?.vassalage ?? null,
          gameName: item?.gameName ?? null,
          amount: formatMinor(w.net, snap.scale),
          amountMinor: w.net.toString(),
          wonAt: w.createdAt.toISOString(),
        };
      }),
    };
  }

  return {
    /**
     * GCSGAME_getRankList: the biggest net round wins (payout above stake) of the last 30 days, from the ledger. A public
     * call: one computation per 10 s per instance serves everyone (sharing the pending promise).
     */
    async listWinners(q: { size: number }): Promise<RankList> {
      const at = now();
      if (winners && winners.size === q.size && at - winners.at < WINNERS_CACHE_MS) return winners.board;
      const board = buildWinners(q.size);
      winners = { at, size: q.size, board };
      board.catch(() => {
        if (winners?.board === board) winners = undefined;
      });
      return board;
    },
  };
}
