// `npm run audit:verify`: check the audit log's hash chain on the configured database
// (DATABASE_URL, else the PGlite store under DATA_DIR — the same choice server.ts makes).
// Each link's keyed seal is checked with AUDIT_CHAIN_KEY (and AUDIT_CHAIN_OLD_KEYS); with
// NODE_ENV=production a missing or weak key stops the check before it reads anything.
// Exit code 0 when every link holds, 1 with the first broken link otherwise. Arguments
// `<seq>:<hash>` (a regulator export manifest's auditChain) must still be in the chain.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { parseAnchor, verifyAuditChain, type AuditChainAnchor } from '../modules/audit/audit-chain';
import { auditChainKeyring } from '../modules/audit/audit-chain-key';

async function main(): Promise<number> {
  const config = loadConfig();
  const keyring = auditChainKeyring(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // Through PgBouncer: no per-connection SET (database.ts).
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const anchors: AuditChainAnchor[] = [];
    for (const arg of process.argv.slice(2)) {
      const anchor = parseAnchor(arg);
      if (!anchor) {
        console.error(`not an anchor: ${arg} (expected <seq>:<64 hex digits>)`);
        return 2;
      }
      anchors.push(anchor);
    }
    const result = await verifyAuditChain(database.db, keyring, { anchors });
    console.log(
      `audit chain check on ${where}: ${result.checked} link(s) up to place ${result.headSeq} (head ${result.headHash})`,
    );
    if (result.ok) {
      console.log('OK: every entry is sealed, every link holds and every keyed seal matches');
      return 0;
    }
    const b = result.firstBroken!;
    console.error(`BROKEN at place ${b.seq ?? '-'}, entry ${b.entryId ?? '-'}: ${b.problem}`);
    console.error(`  ${b.detail}`);
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
