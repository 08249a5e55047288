/**
 * A separate process that finishes one lottery draw on a PostgreSQL database, for the
 * multi-instance and kill tests: `node --import tsx lottery-settle-child.ts <drawId>` with
 * DATABASE_URL and LOTTERY_NOW (the clock, ISO). It prints `DONE <tickets>` at the end; with
 * LOTTERY_STALL_SECOND_BATCH=1 it stops after the second batch's wins were paid and before its
 * tickets are marked settled, and prints `INFLIGHT`. LOTTERY_LEASE_MS shortens the lease;
 * LOTTERY_WIN_BATCH and LOTTERY_PRICE_BATCH make the batches small.
 */
import { openDatabase } from '../src/db/database';
import { newInstanceId } from '../src/jobs/interval-job';
import { createLotterySettlement } from '../src/modules/lottery/lottery-settlement';
import { sharedLotteryRules } from '../src/modules/lottery/lottery-rules-shared';
import { childServicesOf } from './child-services';

const [drawId] = process.argv.slice(2) as [string];
const databaseUrl = process.env.DATABASE_URL!;
const at = Date.parse(process.env.LOTTERY_NOW!);
const database = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
const { services, ctx } = childServicesOf(database, {
  name: 'lottery-settle-child',
  databaseUrl,
  calendarClock: () => at,
});
const log = ctx.log;
const settlement = createLotterySettlement({
  db: database.db,
  log,
  rules: sharedLotteryRules,
  seamless: services.gateway.seamless,
  now: () => new Date(at),
  instance: newInstanceId(),
  leaseMs: Number(process.env.LOTTERY_LEASE_MS ?? 30_000),
  ...(process.env.LOTTERY_WIN_BATCH ? { winBatch: Number(process.env.LOTTERY_WIN_BATCH) } : {}),
  ...(process.env.LOTTERY_PRICE_BATCH ? { priceBatch: Number(process.env.LOTTERY_PRICE_BATCH) } : {}),
  afterBatchPaid: async (batch) => {
    if (process.env.LOTTERY_STALL_SECOND_BATCH !== '1' || batch < 2) return;
    process.stdout.write('INFLIGHT\n');
    await new Promise((resolve) => setTimeout(resolve, 60_000));
  },
});
const done = await settlement.finishDraw(drawId);
process.stdout.write(`DONE ${done}\n`);
await database.close();
process.exit(0);
