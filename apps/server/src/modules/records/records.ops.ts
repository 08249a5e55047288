import { cliActor, type OpsCommand } from '../../scripts/ops-command';
import { createAuditService } from '../audit/audit.service';
import { anonymiseClosedAccounts, RETENTION_YEARS } from './anonymisation';
import { recordsViewsOf } from './records-views';
import { reconstructRound } from './round-reconstruction';

/** The records module's operator commands (docs/compliance.md, "Records, audit and reports"). */
export const RECORDS_COMMANDS: Record<string, OpsCommand> = {
  'round:show': {
    usage: 'round:show <roundId> [vassalage]',
    description:
      "Rebuild a round from the records: the player, the vendor and game, every stake, win and refund with its time and transaction ids, the outcome, the ledger's entries and balances, and whether they agree. Exit code 1 when they do not, 2 when no such round.",
    async run(ctx, [roundId, vassalage]) {
      if (!roundId) throw new Error('not a round: usage round:show <roundId> [vassalage]');
      const round = await reconstructRound(ctx.database.db, recordsViewsOf(ctx.database.db), roundId, vassalage);
      if (!round)
        throw new Error(
          `not a round: no single round ${roundId}${vassalage ? ` of ${vassalage}` : ' (name the vendor when several have one)'}`,
        );
      ctx.print(round);
      if (!round.agrees) process.exitCode = 1;
    },
  },
  'records:anonymise': {
    usage: 'records:anonymise [--apply]',
    description: `LGPD: list the closed (disabled) accounts with no activity and no money for ${RETENTION_YEARS} years; with --apply, replace their personal fields (audited as member.anonymise, the fields named, never their values). Records stay.`,
    async run(ctx, args) {
      const db = ctx.database.db;
      ctx.print(
        await anonymiseClosedAccounts(
          { db, views: recordsViewsOf(db), audit: createAuditService({ db }) },
          { now: new Date(), apply: args.includes('--apply'), actor: cliActor() },
        ),
      );
    },
  },
};
