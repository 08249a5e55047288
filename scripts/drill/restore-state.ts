// What the restore drill records of the database at the target time T and compares on the
// restored copy: the ledger's totals and check, the ledger transactions at or before T, the
// audit chain's head, a table's rows, and the regulator export of T's day built from the data
// (in a transaction that is rolled back, so recording writes nothing).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { periodOf } from '@wps/shared/reward-period-windows';
import { openDatabase } from '../../apps/server/src/db/database';
import { auditChainHead } from '../../apps/server/src/modules/audit/audit-chain';
import type { AuditChainKeyring } from '../../apps/server/src/modules/audit/audit-chain-key';
import { sealAuditChain } from '../../apps/server/src/modules/audit/audit-chain-seal';
import { createAuditService } from '../../apps/server/src/modules/audit/audit.service';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger-check';
import { recordsViewsOf } from '../../apps/server/src/modules/records/records-views';
import { listManifests } from '../../apps/server/src/modules/records/regulator-export.repository';
import {
  createRegulatorExportService,
  EXPORT_GRACE_MS,
} from '../../apps/server/src/modules/records/regulator-export.service';

/** The operator day of the regulator export (the time zone the export's tests use). */
export const EXPORT_TIME_ZONE = 'America/Sao_Paulo';

export type DrillState = {
  ledgerOk: boolean;
  ledgerProblems: string[];
  accounts: number;
  transactions: number;
  entries: number;
  playerBalances: Record<string, string>;
  /** Ledger transactions created at or before T. */
  transactionsUpToT: number;
  /** Rows of the table the drill drops by mistake; null when the table is missing. */
  droppedTableRows: number | null;
  auditHead: { seq: string; hash: string };
  /** The regulator export of T's operator day, as if the day had ended at T. */
  regulatorExport: { day: string; manifestSha256: string; counts: Record<string, number> };
  /** Banks by code (the back-office action the drill makes before and after T). */
  banks: string[];
};

/** The fields that must be equal between the state recorded at T and the restored copy. */
export const COMPARED: (keyof DrillState)[] = [
  'accounts',
  'transactions',
  'entries',
  'playerBalances',
  'transactionsUpToT',
  'droppedTableRows',
  'auditHead',
  'regulatorExport',
  'banks',
];

/** Seal the audit chain up to its head now, as the server's audit-chain-seal job does every minute. */
export async function sealAuditChainNow(url: string, keyring: AuditChainKeyring): Promise<number> {
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
  try {
    return (await sealAuditChain(database.db, keyring)).sealed;
  } finally {
    await database.close();
  }
}

export async function recordState(url: string, t: string, droppedTable: string): Promise<DrillState> {
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 });
  const db = database.db;
  try {
    const ledger = await checkLedger(db);
    const { rows: upTo } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_transactions WHERE created_at <= ${t}::timestamptz`.execute(db);
    const { rows: present } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = ${droppedTable}`.execute(db);
    let droppedTableRows: number | null = null;
    if (present[0]!.n > 0) {
      const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.table(droppedTable)}`.execute(db);
      droppedTableRows = Number(rows[0]!.n);
    }
    const { rows: banks } = await sql<{ code: string }>`SELECT code FROM banks ORDER BY code`.execute(db);
    return {
      ledgerOk: ledger.ok,
      ledgerProblems: ledger.problems,
      accounts: ledger.stats.accounts,
      transactions: ledger.stats.transactions,
      entries: ledger.stats.entries,
      playerBalances: ledger.stats.playerBalances,
      transactionsUpToT: Number(upTo[0]!.n),
      droppedTableRows,
      auditHead: await auditChainHead(db),
      regulatorExport: await exportOfDay(database.db, Date.parse(t.replace(' ', 'T').replace('+00', 'Z'))),
      banks: banks.map((b) => b.code),
    };
  } finally {
    await database.close();
  }
}

class Recorded extends Error {}

/**
 * The scheduled export of T's operator day, with the clock set after that day's end and grace:
 * the service builds, validates and stores it; its completion mark refuses, so all of it is rolled
 * back, after the stored manifest was read. The manifest names no time of its run, so the same data
 * gives the same bytes.
 */
async function exportOfDay(
  db: Parameters<typeof recordsViewsOf>[0],
  tMs: number,
): Promise<DrillState['regulatorExport']> {
  const day = periodOf(new Date(tMs), 'daily', EXPORT_TIME_ZONE);
  const clock = day.end.getTime() + EXPORT_GRACE_MS + 60_000;
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const exports = createRegulatorExportService({
    db,
    log: quiet,
    audit: createAuditService({ db }),
    views: recordsViewsOf(db),
    timeZone: async () => EXPORT_TIME_ZONE,
    now: () => clock,
  });
  let found: DrillState['regulatorExport'] | undefined;
  try {
    await exports.runScheduled(async (trx) => {
      const manifest = (await listManifests(trx)).at(-1);
      if (!manifest) throw new Error('regulator export: no manifest was stored');
      const parsed = JSON.parse(manifest.content.toString('utf8')) as { files: { file: string; rows: number }[] };
      found = {
        day: manifest.day,
        manifestSha256: crypto.createHash('sha256').update(manifest.content).digest('hex'),
        counts: Object.fromEntries(parsed.files.map((f) => [f.file, f.rows])),
      };
      throw new Recorded();
    });
  } catch (err) {
    if (!(err instanceof Recorded)) throw err;
  }
  if (!found) throw new Error('regulator export: nothing was exported');
  return found;
}

/** The compared fields that differ between `expected` and `actual`, each as `field: expected ≠ actual`. */
export function differences(expected: DrillState, actual: DrillState): string[] {
  return COMPARED.filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(actual[k])).map(
    (k) => `${k}: ${JSON.stringify(expected[k])} ≠ ${JSON.stringify(actual[k])}`,
  );
}
