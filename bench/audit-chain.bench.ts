// What sealing the audit log into its hash chain (migration 0340) costs the writers: the same
// transactions (each writes one audit entry through audit.record and commits) on one PostgreSQL
// database, with the sealing trigger and without it, at 1 and at 16 writers at once; then the
// chain's check over everything written. Prints entries per second and each one's p50/p99.
//
// Run: TEST_DATABASE_URL=postgres://… npx tsx bench/audit-chain.bench.ts [entries per case]
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createAuditService } from '../apps/server/src/modules/audit/audit.service';
import { verifyAuditChain } from '../apps/server/src/modules/audit/audit-chain';
import { auditChainKeyring } from '../apps/server/src/modules/audit/audit-chain-key';
import { createPostgresDatabase } from '../apps/server/test/scratch-postgres';

const PER_CASE = Number(process.argv[2] ?? 2_000);

async function main(): Promise<void> {
  const scratch = await createPostgresDatabase({ prefix: 'bench_audit' });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 20 });
  try {
    await runMigrations(database);
    const { db } = database;
    const audit = createAuditService({ db });
    const write = (i: number) =>
      db.transaction().execute((trx) =>
        audit.record(trx, {
          actorType: 'operator',
          actorId: '1',
          action: 'bench.write',
          subjectType: 'bench',
          subjectId: String(i),
          reason: 'bench',
          before: { n: i },
          after: { n: i + 1, note: 'x'.repeat(200) },
        }),
      );
    const run = async (writers: number) => {
      const times: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (next < PER_CASE) {
            const i = next++;
            const t0 = performance.now();
            await write(i);
            times.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      return {
        perSecond: Math.round(PER_CASE / seconds),
        p50: times[Math.floor(times.length / 2)]!.toFixed(2),
        p99: times[Math.floor(times.length * 0.99)]!.toFixed(2),
      };
    };
    const results: Record<string, unknown> = {};
    for (const writers of [1, 16]) {
      await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_seal`.execute(db);
      results[`unsealed, ${writers} writer(s)`] = await run(writers);
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_seal`.execute(db);
      results[`sealed, ${writers} writer(s)`] = await run(writers);
    }
    console.table(results);
    const t0 = performance.now();
    const check = await verifyAuditChain(db, auditChainKeyring({ nodeEnv: 'development' }));
    // The unsealed cases' entries are what the check must find: the first of them.
    console.log(
      `check: ${check.checked} links in ${(performance.now() - t0).toFixed(0)} ms; first problem: ${check.firstBroken?.problem ?? 'none'}`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
