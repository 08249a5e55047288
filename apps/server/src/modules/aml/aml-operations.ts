import type { PlayersService } from '../players/players.service';
import type { OperationRow } from './coaf-report';

/** Orders read per call; the reader pages until the period is done. */
const PAGE = 500;

/**
 * A member's deposit and withdrawal orders in a period, read through the players module (the
 * back office's player page reads them the same way from the deposit and withdrawal modules):
 * the operations a COAF report lists, every status included, since an attempt refused or
 * returned can be the suspicious part.
 */
export function amlOperationsOf(players: Pick<PlayersService, 'listDeposits' | 'listWithdrawals'>) {
  return async (memberId: string, from: Date, to: Date): Promise<OperationRow[]> => {
    const range = { limit: PAGE, from: from.toISOString(), to: to.toISOString() };
    const out: OperationRow[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await players.listDeposits(memberId, { ...range, cursor });
      for (const d of page.list)
        out.push({
          kind: 'deposit',
          at: new Date(d.createdAt),
          amountMinor: d.amountMinor,
          method: d.channelType,
          status: d.status,
          reference: d.referenceCode,
        });
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    for (let cursor: string | undefined; ; ) {
      const page = await players.listWithdrawals(memberId, { ...range, cursor });
      for (const w of page.list)
        out.push({
          kind: 'withdrawal',
          at: new Date(w.createdAt),
          amountMinor: w.amountMinor,
          method: w.bankName,
          status: w.status,
          reference: w.id,
        });
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return out;
  };
}
