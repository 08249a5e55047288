import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { SystemService } from '../system/system.service';
import { createBalanceCache } from './balance-cache';
import { createLedgerService } from './ledger.service';

/** The ledger, and the balance players see kept in memory: the ledger's money-moving calls evict it (balance-cache.ts). */
export function wireLedger(ctx: AppContext, deps: { system: SystemService; changeFeed: ChangeFeed }) {
  const playerBalances = createBalanceCache({ db: ctx.db, changeFeed: deps.changeFeed });
  const ledger = playerBalances.watch(
    createLedgerService({ ...ctx, databaseKind: ctx.database.kind, system: deps.system }),
  );
  return { ledger, playerBalances };
}
