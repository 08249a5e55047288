import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The read handle (db/read-handle.ts) answers from a replica that may be seconds behind. A money
// decision made on it could pay twice or let a bet through a limit, so only the files below may
// name it: the wiring, the probes and metrics, and the reads docs/operations.md ("Read replica")
// routes. A new use is a review decision: add the file here with its reason and to that table.

const SRC = path.resolve(__dirname, '../src');

/** Every file that may name the read handle, with why. */
const ALLOWED: Record<string, string> = {
  'db/read-handle.ts': 'the handle itself',
  'app-context.ts': 'declares ctx.readDb',
  'app.ts': 'opens the handle and hands it to the services and the readiness probe',
  'services.ts': 'reports its status in the metrics',
  'config/app-config.ts': 'DATABASE_READ_URL and DATABASE_READ_MAX_LAG_MS',
  'metrics/metrics.ts': "the replica's lag and fallbacks",
  'modules/system/health.service.ts': "/readyz reports the replica's lag",
  'modules/reporting/reporting.service.ts': "the dashboard's and reports' hourly figures (and their CSVs)",
  'modules/records/records.module.ts': 'hands the handle to the regulator export',
  'modules/records/records.service.ts': 'hands the handle to the regulator export',
  'modules/records/regulator-export.service.ts': "the stored exports' list, state and downloads",
  'modules/inhouse/inhouse.service.ts': 'hands the handle to the in-house games report',
  'modules/inhouse/inhouse-report.ts': "the in-house games report's rounds (and its CSV)",
  'modules/catalogue/catalogue.service.ts': "the lobby's copy of the catalogue (its money paths keep a primary copy)",
  'modules/catalogue/catalogue-snapshot-cache.ts': 'keeps a copy loaded from a lagging source no longer than its bound',
};

/** Files that move money or decide on it: none may name the read handle, whatever ALLOWED says. */
const MONEY_PATH =
  /(^|\/)(ledger|wallet|gateway|deposit|withdrawal|transfer|lottery|agents|operator-money|bonus|pix|responsible-gaming|seamless)([/.-]|$)|wallet|transfer|settle|payout/;

const NAMES_HANDLE = /\breadDb\b|\bReadDb\b|\bopenReadDb\b|read-handle/;

/** The read handle given to a transaction: a write or a decision on replica rows. */
const IN_TRANSACTION = /(runInTransaction|runInSavepoint|\.transaction\(\)[^;]*?)\(\s*(ctx\.)?(readDb|reads\(\))/;

function sourceFiles(dir: string, base = dir): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of sourceFiles(full, base)) files.set(k, v);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      files.set(path.relative(base, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
  }
  return files;
}

/** Why each file breaks the inventory: not listed, on a money path, or inside a transaction. */
function inventoryProblems(files: Map<string, string>, allowed: Record<string, string> = ALLOWED): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    if (!NAMES_HANDLE.test(text)) continue;
    if (MONEY_PATH.test(file)) problems.push(`${file}: a money path names the read handle`);
    else if (!(file in allowed)) problems.push(`${file}: names the read handle but is not in the inventory`);
    if (IN_TRANSACTION.test(text)) problems.push(`${file}: hands the read handle to a transaction`);
  }
  return problems;
}

describe('read handle inventory', () => {
  const files = sourceFiles(SRC);

  it('only the routed reads name the read handle, and none is on a money path', () => {
    expect(inventoryProblems(files)).toEqual([]);
    for (const file of Object.keys(ALLOWED)) {
      expect(MONEY_PATH.test(file), `${file} is a money path`).toBe(false);
      // A stale entry hides nothing but misleads the reader.
      expect(files.has(file) && NAMES_HANDLE.test(files.get(file) ?? ''), `${file} is listed but gone`).toBe(true);
    }
  });

  it('fails on a planted use in a money path, an unlisted file and a transaction', () => {
    const planted = new Map(files);
    planted.set(
      'modules/ledger/ledger.repository.ts',
      `${files.get('modules/ledger/ledger.repository.ts') ?? ''}\nconst balance = (ctx) => ctx.readDb.current();\n`,
    );
    planted.set('modules/member/member.service.ts', 'export const f = (ctx) => ctx.readDb?.current();\n');
    planted.set(
      'modules/reporting/reporting.service.ts',
      `${files.get('modules/reporting/reporting.service.ts') ?? ''}\nrunInTransaction(reads(), async () => 1);\n`,
    );
    planted.set('modules/withdrawal/withdrawal.service.ts', "import type { ReadDb } from '../../db/read-handle';\n");
    expect(inventoryProblems(planted)).toEqual([
      'modules/ledger/ledger.repository.ts: a money path names the read handle',
      'modules/member/member.service.ts: names the read handle but is not in the inventory',
      'modules/reporting/reporting.service.ts: hands the read handle to a transaction',
      'modules/withdrawal/withdrawal.service.ts: a money path names the read handle',
    ]);
  });
});
