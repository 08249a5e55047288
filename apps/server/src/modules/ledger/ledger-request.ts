import crypto from 'node:crypto';
import type { TransactionRow } from './ledger.repository';
import { MAX_INT8, type PostResult, type PostTransactionInput } from './ledger.types';

// Checks and fingerprints of a post request, before any SQL runs.

const KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** JSON with object keys sorted, so equal requests hash equally whatever the key order. */
function stringifyCanonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(stringifyCanonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stringifyCanonical(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Hash of what a request asks for; the same idempotency key must always come with the same hash. */
export function hashRequest(input: PostTransactionInput): string {
  const entries = input.entries
    .map((e) => ({ accountId: e.accountId, amount: e.amountMinor.toString() }))
    .sort((a, b) =>
      a.accountId === b.accountId ? a.amount.localeCompare(b.amount) : a.accountId.localeCompare(b.accountId),
    );
  const canonical = stringifyCanonical({
    kind: input.kind,
    reference: input.reference ?? null,
    entries,
    metadata: input.metadata ?? {},
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

export function assertWellFormed(input: PostTransactionInput): void {
  if (!KIND_PATTERN.test(input.kind)) throw new Error(`ledger: invalid transaction kind ${JSON.stringify(input.kind)}`);
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new Error('ledger: idempotency key must be 1–200 characters');
  if (input.entries.length < 2) throw new Error('ledger: a transaction needs at least two entries');
  let sum = 0n;
  for (const e of input.entries) {
    if (typeof e.amountMinor !== 'bigint' || e.amountMinor === 0n)
      throw new Error('ledger: entry amounts are non-zero bigints');
    if (e.amountMinor > MAX_INT8 || e.amountMinor < -MAX_INT8)
      throw new Error('ledger: entry amount out of int8 range');
    if (!/^\d+$/.test(e.accountId)) throw new Error(`ledger: invalid account id ${JSON.stringify(e.accountId)}`);
    sum += e.amountMinor;
  }
  if (sum !== 0n) throw new Error(`ledger: entries must sum to zero (sum ${sum})`);
}

export function toStoredResult(row: TransactionRow, replayed: boolean): PostResult {
  if (!row.result) throw new Error(`ledger: transaction ${row.id} has no stored result`);
  const balances = (row.result.balances ?? {}) as Record<string, string>;
  return { transactionId: row.id, replayed, balances };
}
