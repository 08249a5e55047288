// `npm run ledger:check`: verify the ledger invariants on the configured database
// (DATABASE_URL, else the PGlite store under DATA_DIR — the same choice server.ts makes).
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { checkLedger } from '../modules/ledger/ledger-check';

async function main(): Promise<number> {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // Through PgBouncer: no per-connection SET (database.ts).
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const result = await checkLedger(database.db);
    const s = result.stats;
    console.log(`ledger check on ${where}`);
    console.log(
      `  accounts ${s.accounts}, transactions ${s.transactions}, entries ${s.entries}, holds ${s.holds} (${s.pendingHolds} pending)`,
    );
    for (const [currency, total] of Object.entries(s.playerBalances))
      console.log(`  player balances ${currency}: ${total} (minor units)`);
    if (result.ok) {
      console.log('OK: every invariant holds');
      return 0;
    }
    console.error(`FAILED: ${result.problems.length} problem(s)`);
    for (const p of result.problems) console.error(`  - ${p}`);
    return 1;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '42P01')
      console.error(`ledger tables missing on ${where}: run the migrations first (npm run migrate)`);
    else console.error(err);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
