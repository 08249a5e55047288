/**
 * A separate process that settles one period of one agent settlement stream on a PostgreSQL
 * database, for the multi-instance and kill tests: `node --import tsx agent-settle-child.ts
 * <stream> <periodKey> <startIso> <endIso>` with DATABASE_URL. It prints `PAID <n>` after each
 * payment batch commits and `DONE <status>` at the end; with SETTLE_STALL_SECOND_BATCH=1 it stops
 * inside the second batch's transaction (its ledger posts made, not committed) and prints `INFLIGHT`.
 */
import { openDatabase } from '../src/db/database';
import { createGatewayViews } from '../src/modules/gateway/gateway-views';
import { createLedgerViews } from '../src/modules/ledger/ledger-views';
import { createMemberViews } from '../src/modules/member/member-views';
import { streamOf } from '../src/modules/agents/settlement/settlement-periods';
import { createAgentSettlementService } from '../src/modules/agents/settlement/settlement.service';
import { childServicesOf } from './child-services';

const [streamName, key, start, end] = process.argv.slice(2) as [string, string, string, string];
const databaseUrl = process.env.DATABASE_URL!;
const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
const { ctx, services } = childServicesOf(database, { name: 'agent-settle-child', databaseUrl });
let batches = 0;
const settlement = createAgentSettlementService({
  db: database.db,
  audit: services.audit,
  ledger: services.ledger,
  views: {
    rounds: createGatewayViews(ctx).settledRounds,
    bonuses: createLedgerViews(ctx).playerBonusCredits,
    members: createMemberViews(ctx).uplines,
  },
  timeZone: services.rewards.timeZone,
  onPaymentBatch: async (paid) => void process.stdout.write(`PAID ${paid}\n`),
  beforePaymentCommit: async () => {
    if (process.env.SETTLE_STALL_SECOND_BATCH !== '1' || ++batches < 2) return;
    process.stdout.write('INFLIGHT\n');
    await new Promise((resolve) => setTimeout(resolve, 60_000));
  },
});
const outcome = await settlement.settleWindow(streamOf(streamName)!, {
  key,
  start: new Date(start),
  end: new Date(end),
});
process.stdout.write(`DONE ${outcome.status}\n`);
await database.close();
process.exit(0);
