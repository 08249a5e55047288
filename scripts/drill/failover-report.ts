// The failover drill's reckoning: every answer the vendor recorded (failover-load.ts) against the
// ledger of the promoted server. An acknowledged bet or win must be there exactly once with its
// amount; one that is not was lost with the old primary (the RPO, which synchronous replication
// makes zero). The outage is read from the answers: from the first error to the first
// acknowledgement after the last error (the RTO as a vendor sees it).
import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { checkLedger } from '../../apps/server/src/modules/ledger/ledger-check';
import type { AnswerRecord } from './failover-load';

export type DrillTimes = { loadStartedAt: number; killedAt: number; promotedAt: number };

export type DrillSummary = {
  mode: 'sync' | 'async';
  requests: number;
  acknowledged: number;
  acknowledgedBets: number;
  acknowledgedWins: number;
  errors: number;
  errorCodes: Record<string, number>;
  /** Answers with a status other than 200, 503 or none (timeouts, refused connections): must be 0. */
  otherFailures: number;
  firstErrorAfterKillMs: number | null;
  rtoMs: number | null;
  /** From the kill to that first acknowledgement: the outage including the answers that hung. */
  restoredAfterKillMs: number | null;
  promoteMs: number;
  missing: number;
  wrongAmount: number;
  /** Of the missing, the acknowledgements' times relative to the kill (ms; negative = before it). */
  lostWindowMs: [number, number] | null;
  ledgerOk: boolean;
  ledgerProblems: string[];
};

export function readAnswers(file: string): AnswerRecord[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AnswerRecord);
}

type StoredTx = { vendor_tx_id: string; amount: string; copies: number; ledger_copies: number };

export async function reckon(
  db: Kysely<Database>,
  answers: AnswerRecord[],
  times: DrillTimes,
  mode: 'sync' | 'async',
): Promise<DrillSummary> {
  const acks = answers.filter((a) => a.acknowledged);
  const txs = [...new Set(acks.map((a) => a.tx))];
  // Every row the promoted server holds for these transaction ids, and its ledger transaction's copies.
  const { rows } = await sql<StoredTx>`
    SELECT rb.vendor_tx_id, min(rb.amount)::text AS amount, count(*)::int AS copies,
           count(lt.id)::int AS ledger_copies
      FROM round_bets rb LEFT JOIN ledger_transactions lt ON lt.id = rb.ledger_transaction_id
     WHERE rb.vassalage = 'SBX' AND rb.vendor_tx_id = ANY(${txs})
     GROUP BY rb.vendor_tx_id`.execute(db);
  const stored = new Map(rows.map((r) => [r.vendor_tx_id, r]));
  const lost: AnswerRecord[] = [];
  let wrongAmount = 0;
  for (const ack of acks) {
    const row = stored.get(ack.tx);
    // A stake always posts to the ledger; a win of zero may post nothing.
    const posted = row && (row.ledger_copies === 1 || (ack.op === 'win' && ack.amount === '0'));
    if (!row || row.copies !== 1 || !posted) lost.push(ack);
    else if (row.amount !== ack.amount) wrongAmount++;
  }
  const failures = answers.filter((a) => !a.acknowledged && (a.status === 0 || a.status >= 500));
  const errorCodes: Record<string, number> = {};
  for (const f of failures) {
    const key = `${f.status} ${f.code ?? ''}`.trim();
    errorCodes[key] = (errorCodes[key] ?? 0) + 1;
  }
  const firstError = failures.length ? Math.min(...failures.map((f) => f.at)) : null;
  const lastError = failures.length ? Math.max(...failures.map((f) => f.at)) : null;
  const recovered = lastError === null ? null : acks.filter((a) => a.at > lastError).map((a) => a.at);
  const firstAckAfter = recovered?.length ? Math.min(...recovered) : null;
  const ledger = await checkLedger(db);
  const lostAt = lost.map((a) => a.at - times.killedAt);
  return {
    mode,
    requests: answers.length,
    acknowledged: acks.length,
    acknowledgedBets: acks.filter((a) => a.op === 'bet').length,
    acknowledgedWins: acks.filter((a) => a.op === 'win').length,
    errors: failures.length,
    errorCodes,
    otherFailures: failures.filter((f) => f.status !== 503).length,
    firstErrorAfterKillMs: firstError === null ? null : firstError - times.killedAt,
    rtoMs: firstError !== null && firstAckAfter !== null ? firstAckAfter - firstError : null,
    restoredAfterKillMs: firstAckAfter === null ? null : firstAckAfter - times.killedAt,
    promoteMs: times.promotedAt - times.killedAt,
    missing: lost.length,
    wrongAmount,
    lostWindowMs: lostAt.length ? [Math.min(...lostAt), Math.max(...lostAt)] : null,
    ledgerOk: ledger.ok,
    ledgerProblems: ledger.problems,
  };
}

const ms = (n: number | null) => (n === null ? 'n/a' : `${n} ms`);

/** The one table the drill prints (and docs/operations.md quotes). */
export function formatSummary(s: DrillSummary): string {
  const rows: [string, string][] = [
    ['mode', s.mode === 'sync' ? 'synchronous standby (synchronous_commit = on)' : 'asynchronous standby'],
    ['requests (answers recorded)', String(s.requests)],
    ['acknowledged (bets / wins)', `${s.acknowledged} (${s.acknowledgedBets} / ${s.acknowledgedWins})`],
    [
      'errors during failover',
      `${s.errors} (${
        Object.entries(s.errorCodes)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || 'none'
      })`,
    ],
    ['  of which not 503 + Retry-After', String(s.otherFailures)],
    ['first error after the kill', ms(s.firstErrorAfterKillMs)],
    ['promotion (kill to promoted)', ms(s.promoteMs)],
    ['RTO (first error to first success after the last)', ms(s.rtoMs)],
    ['kill to that first success', ms(s.restoredAfterKillMs)],
    ['acknowledged but missing (RPO)', String(s.missing)],
    ['acknowledged with a wrong amount', String(s.wrongAmount)],
    [
      'lost acknowledgements, relative to the kill',
      s.lostWindowMs ? `${s.lostWindowMs[0]} ms to ${s.lostWindowMs[1]} ms` : 'none',
    ],
    [
      'ledger check (promoted server)',
      s.ledgerOk ? 'OK: every invariant holds' : `FAILED: ${s.ledgerProblems.length} problem(s)`,
    ],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}
