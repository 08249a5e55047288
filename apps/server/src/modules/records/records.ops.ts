import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OpsCommand } from '../../scripts/ops-command';
import { createCatalogueViews } from '../catalogue/catalogue-views';
import { createGatewayViews } from '../gateway/gateway-views';
import { createLedgerEntryViews } from '../ledger/ledger-entry-views';
import { createMemberViews } from '../member/member-views';
import type { RecordsViews } from './records-views';
import { reconstructRound } from './round-reconstruction';

/** The owners' views over one database handle, as services.ts composes them for the server. */
export function recordsViewsOf(db: Kysely<Database>): RecordsViews {
  const gateway = createGatewayViews({ db });
  const ledger = createLedgerEntryViews({ db });
  const members = createMemberViews({ db });
  return { ...createCatalogueViews({ db }), roundRecords: gateway.roundRecords, roundBets: gateway.roundBets, entries: ledger.entries, playerAccounts: ledger.playerAccounts, registrations: members.registrations, briefs: members.briefs };
}

/** The records module's operator commands (docs/compliance.md, "Records, audit and reports"). */
export const RECORDS_COMMANDS: Record<string, OpsCommand> = {
  'round:show': {
    usage: 'round:show <roundId> [vassalage]',
    description:
      "Rebuild a round from the records: the player, the vendor and game, every stake, win and refund with its time and transaction ids, the outcome, the ledger's entries and balances, and whether they agree. Exit code 1 when they do not, 2 when no such round.",
    async run(ctx, [roundId, vassalage]) {
      if (!roundId) throw new Error('not a round: usage round:show <roundId> [vassalage]');
      const round = await reconstructRound(ctx.database.db, recordsViewsOf(ctx.database.db), roundId, vassalage);
      if (!round) throw new Error(`not a round: no single round ${roundId}${vassalage ? ` of ${vassalage}` : ' (name the vendor when several have one)'}`);
      ctx.print(round);
      if (!round.agrees) process.exitCode = 1;
    },
  },
};
