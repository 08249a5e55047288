import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Records are kept at least five years (Law 14.790/2023; SPA/MF 722/2024 and 1.143/2024;
// docs/compliance.md, "Retention"): no code and no migration deletes or truncates the tables
// that hold them. This test reads every server source file and migration and fails on a DELETE,
// TRUNCATE or Kysely deleteFrom naming one of them. (The database also refuses changes to the
// append-only ones: the ledger, the audit log and its chain, the regulator's exports; and the
// deletion of bets, orders, KYC checks and responsible-gambling rows and the change of a closed
// one, migration 0600, immutable-records.test.ts.)

/** The tables that hold what a licence asks to keep, by what they record. */
export const RETAINED_TABLES: Record<string, string> = {
  game_rounds: 'bets: each round with its totals',
  round_bets: 'bets and prizes: every stake, win and refund',
  inhouse_rounds: "our own games' rounds with what proves them fair",
  lottery_tickets: 'lottery bets and their prizes',
  ledger_transactions: 'every money movement',
  ledger_entries: 'every money movement, per account',
  ledger_holds: 'money held for withdrawals and vendor transfers',
  deposit_orders: 'deposits',
  withdrawal_orders: 'withdrawals',
  reward_grants: 'prizes and bonuses the house gave',
  members: 'accounts (anonymised under LGPD, never deleted)',
  member_identities:
    'CPF, date of birth and KYC name (removed by LGPD anonymisation after the retention, the row kept)',
  account_closures: "accounts closed at the player's request and what became of their balance",
  kyc_checks: 'KYC decisions',
  barred_hits: "the barred-persons list's refusals and their settlement",
  rg_limits: 'responsible-gambling limits',
  rg_players: 'reality-check settings',
  rg_history: 'limit changes and their history',
  rg_exclusions: 'time-outs and self-exclusions',
  audit_log: 'operator and system changes: limit changes, exclusions, KYC decisions, settings',
  audit_chain: "the audit log's hash chain",
  audit_chain_head: "the audit chain's head",
  regulator_exports: "the regulator's daily files",
  regulator_export_files: "the regulator's daily files",
};

const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('test-support')) ||
      e.name.endsWith('.sql')
      ? [p]
      : [];
  });
}

describe('retention of records', () => {
  it('no code or migration deletes or truncates a retained table', () => {
    const names = Object.keys(RETAINED_TABLES).join('|');
    const pattern = new RegExp(
      `(?:DELETE\\s+FROM|TRUNCATE(?:\\s+TABLE)?)\\s+(?:ONLY\\s+)?(${names})\\b|deleteFrom\\(\\s*'(${names})\\b`,
      'gi',
    );
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(pattern)) found.push(`${path.relative(SRC, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('the scanner finds a delete (it can fail)', () => {
    const pattern =
      /(?:DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?(round_bets)\b|deleteFrom\(\s*'(round_bets)\b/gi;
    expect([..."sql`DELETE FROM round_bets WHERE id = 1`; db.deleteFrom('round_bets')".matchAll(pattern)]).toHaveLength(
      2,
    );
  });
});
