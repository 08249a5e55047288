import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  applySeamlessBets,
  type BetLimits,
  type SeamlessOp,
  type SeamlessOpAnswer,
  type UnshardedOp,
} from './seamless.repository';
import type { SeamlessAccountsCache, SeamlessWallet } from './seamless-accounts';
import { refuse } from './seamless-refusals';
import { housePurposeForSlot } from './seamless-shared';
import type { PreparedBets, SeamlessBetInput, SeamlessResult } from './seamless.types';

type Db = Kysely<Database>;
type Money = { currency: string; scale: number };
/** House shards of callers that apply bets in transactions of their own (applyBetsWithin's slot). */
export const CALLER_SLOTS = 4;

/**
 * Bets applied inside a caller's own transaction (our own engine's batches: crash's bet window, the
 * lottery's placements), each exactly as the wallet's bet() would apply it. prepareBets finds the
 * players' accounts, their limits and the caller's house shards before the transaction, so
 * applyBetsWithin queries nothing but the bets' one statement while the caller holds its locks.
 */
export function createBetsWithin(deps: {
  db: Db;
  brand: () => Promise<Money>;
  accounts: SeamlessAccountsCache;
  /** Read a batch's players' limits at once, so guardBet answers each from memory. */
  warmGuard?: (memberIds: readonly string[], db: Db) => Promise<void>;
  /** The callers' house shards come after this many of the wallet's own. */
  firstSlot: number;
  betOp: (input: SeamlessBetInput, money: Money, wallet: SeamlessWallet) => UnshardedOp;
  guardBet: (t: Db, input: SeamlessBetInput) => Promise<BetLimits | null>;
  settleAnswer: (
    op: Pick<UnshardedOp, 'op' | 'vassalage' | 'amount'>,
    answer: SeamlessOpAnswer,
  ) => SeamlessResult | AppError;
}) {
  const { accounts } = deps;
  type Prepared = PreparedBets & { money: Money };

  async function prepareBets(memberIds: string[]): Promise<PreparedBets> {
    const money = await deps.brand();
    await Promise.all([
      accounts.warmAccounts(memberIds, money.currency),
      deps.warmGuard?.(memberIds.map(String), deps.db),
    ]);
    const known = new Set<string>();
    for (const m of new Set(memberIds.map(String))) {
      const wallet = accounts.knownWallet(m, money.currency);
      if (!wallet) continue;
      known.add(m);
      for (let slot = 0; slot < CALLER_SLOTS; slot++)
        await accounts.houseAccount(housePurposeForSlot(deps.firstSlot + slot, wallet.demo), money.currency);
    }
    const prepared: Prepared = { memberIds: known, kind: 'PreparedBets', money };
    return prepared;
  }

  async function applyBetsWithin(
    trx: Db,
    prepared: PreparedBets,
    bets: SeamlessBetInput[],
    slot: number,
  ): Promise<(SeamlessResult | AppError)[]> {
    if (slot < 0 || slot >= CALLER_SLOTS) throw new Error(`seamless: slot ${slot} is not 0–${CALLER_SLOTS - 1}`);
    const { money } = prepared as Prepared;
    const answers: (SeamlessResult | AppError | undefined)[] = [];
    const ops: SeamlessOp[] = [];
    const at: number[] = [];
    for (const input of bets) {
      const wallet = prepared.memberIds.has(String(input.memberId))
        ? accounts.knownWallet(String(input.memberId), money.currency)
        : undefined;
      try {
        if (!wallet) throw refuse('unknown_player');
        const { demo, ...op } = deps.betOp(input, money, wallet);
        const rg = demo ? null : await deps.guardBet(trx, input);
        // The caller's own house shard, found by prepareBets.
        ops.push({
          ...op,
          ...(rg ? { rg } : {}),
          houseId: accounts.knownHouse(housePurposeForSlot(deps.firstSlot + slot, demo), op.currency)!,
        });
        at.push(answers.length);
        answers.push(undefined);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        answers.push(err);
      }
    }
    if (ops.length > 0) {
      // Set-based for the plain bets (migration 0390), seamless_apply for the rest.
      const applied = await applySeamlessBets(trx, ops);
      applied.forEach((a, i) => (answers[at[i]!] = deps.settleAnswer(ops[i]!, a)));
    }
    return answers as (SeamlessResult | AppError)[];
  }

  return { prepareBets, applyBetsWithin };
}
