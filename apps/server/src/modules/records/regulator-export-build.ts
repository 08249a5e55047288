import type { LedgerKind } from '@wps/shared/ledger-kinds';
import {
  EXPORT_TRANSACTION_CATEGORIES,
  type ExportTotals,
  type ExportTransactionCategory,
  type RegulatorExportFile,
} from '@wps/shared/schemas/regulator-export';
import type { ExportIdentity } from './identity-reader';
import type {
  findBettors,
  findDayEntries,
  findDayPayouts,
  findDayRoundMoves,
  findDayWallets,
} from './regulator-export-data.repository';
import { compareIds } from '../../db/ids';

// One operator day's records, built from what the repositories read. Pure: the same rows always
// give the same files, so a re-run of a day whose records did not change has the same checksum.

/** Each ledger kind's category in the transactions file; a new kind fails to compile until it has one. */
export const CATEGORY_OF_KIND: Readonly<Record<LedgerKind, ExportTransactionCategory>> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  withdrawal_reversal: 'withdrawal',
  withdrawal_payout: 'withdrawal',
  transfer_upline: 'transfer',
  transfer_downline: 'transfer',
  registration_bonus: 'bonus',
  freeplay_demo_credit: 'other',
  adjustment: 'adjustment',
  bet: 'stake',
  win: 'win',
  rollback: 'refund',
  vendor_transfer_hold: 'transfer',
  vendor_transfer_in: 'transfer',
  vendor_transfer_out: 'transfer',
  vendor_transfer_void: 'transfer',
  vendor_result: 'transfer',
  reward_cash: 'bonus',
  bonus_grant: 'bonus',
  bonus_conversion: 'bonus',
  bonus_forfeit: 'bonus',
  points_conversion: 'bonus',
  points_redeem_cash: 'bonus',
  agent_salary: 'agent_commission',
  agent_dividend: 'agent_commission',
};

type Rows<F extends (...a: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;
export type DayRows = {
  entries: Rows<typeof findDayEntries>;
  moves: Rows<typeof findDayRoundMoves>;
  wallets: Rows<typeof findDayWallets>;
  bettors: Rows<typeof findBettors>;
  payouts: Rows<typeof findDayPayouts>;
  identities: Map<string, ExportIdentity>;
};

const sum = (values: Iterable<bigint>) => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

/** The files' records, in a stable order, and the day's totals. */
export function buildDayRecords(rows: DayRows): {
  records: Record<RegulatorExportFile, unknown[]>;
  totals: ExportTotals;
} {
  const transactions = rows.entries.map((e) => ({
    record: 'transaction' as const,
    transactionId: e.transaction_id,
    entryId: e.id,
    at: e.created_at.toISOString(),
    playerId: e.member_id!,
    accountId: e.account_id,
    purpose: e.purpose,
    kind: e.kind,
    category: CATEGORY_OF_KIND[e.kind as LedgerKind] ?? 'other',
    currency: e.currency,
    amountMinor: e.amount,
    balanceAfterMinor: e.balance_after,
    reference: e.reference,
  }));

  const rounds = new Map<string, { moves: DayRows['moves'] }>();
  for (const m of rows.moves) {
    const round = rounds.get(m.round_pk) ?? { moves: [] };
    round.moves.push(m);
    rounds.set(m.round_pk, round);
  }
  const byKind = (moves: DayRows['moves'], kind: string) =>
    sum(moves.filter((m) => m.kind === kind).map((m) => BigInt(m.amount)));
  const bets = [...rounds.entries()]
    .sort(([a], [b]) => compareIds(a, b))
    .map(([, { moves }]) => {
      const r = moves[0]!;
      const stake = byKind(moves, 'bet');
      const refund = byKind(moves, 'rollback');
      return {
        record: 'bet' as const,
        roundId: r.round_id,
        vendorCode: r.vassalage,
        vendorName: r.vendor_name ?? r.vassalage,
        gameId: r.node_id,
        gameName: r.game_name ?? r.node_id,
        playerId: r.member_id,
        cpf: rows.identities.get(r.member_id)?.cpf ?? null,
        currency: r.currency,
        placedAt: r.round_created_at.toISOString(),
        settledAt: r.settled_at ? r.settled_at.toISOString() : null,
        status: r.status,
        outcome:
          r.status === 'open'
            ? ('open' as const)
            : r.total_refund === r.total_bet
              ? ('cancelled' as const)
              : ('settled' as const),
        stakeMinor: stake.toString(),
        winMinor: byKind(moves, 'win').toString(),
        refundMinor: refund.toString(),
        bonusStakeMinor: sum(moves.filter((m) => m.kind === 'bet').map((m) => BigInt(m.bonus_amount))).toString(),
        roundStakeMinor: r.total_bet,
        roundWinMinor: r.total_win,
        roundRefundMinor: r.total_refund,
        movements: moves.map((m) => ({
          kind: m.kind,
          vendorTxId: m.vendor_tx_id,
          at: m.created_at.toISOString(),
          amountMinor: m.amount,
          ledgerTransactionId: m.ledger_transaction_id!,
        })),
      };
    });

  const wallets = rows.wallets
    .map((w) => {
      const closing = BigInt(w.balance) - BigInt(w.after_end);
      const credits = BigInt(w.credits);
      const debits = BigInt(w.debits);
      return { w, closing, credits, debits, opening: closing - credits - debits };
    })
    .filter((x) => x.closing !== 0n || x.credits !== 0n || x.debits !== 0n)
    .map(({ w, closing, credits, debits, opening }) => ({
      record: 'wallet' as const,
      playerId: w.member_id!,
      accountId: w.id,
      purpose: w.purpose,
      currency: w.currency,
      openingMinor: opening.toString(),
      creditsMinor: credits.toString(),
      debitsMinor: (-debits).toString(),
      closingMinor: closing.toString(),
    }));

  const bettors = rows.bettors.map((m) => {
    const identity = rows.identities.get(m.id);
    return {
      record: 'bettor' as const,
      playerId: m.id,
      account: m.account,
      registeredAt: m.created_at.toISOString(),
      cpf: identity?.cpf ?? null,
      birthDate: identity?.birthDate ?? null,
      fullName: identity?.fullName ?? null,
    };
  });

  // Each withdrawal by its order's id: a closed account's payout and a barred player's refund are
  // told apart from the player's own requests by their origin, never hidden in an adjustment.
  const payouts = rows.payouts.map((p) => ({
    record: 'payout' as const,
    withdrawalId: String(p.id),
    playerId: String(p.member_id),
    cpf: rows.identities.get(String(p.member_id))?.cpf ?? null,
    origin: p.origin,
    method: p.pix_key_type ? ('pix' as const) : ('bank_transfer' as const),
    pixKeyType: p.pix_key_type,
    currency: p.currency,
    amountMinor: String(p.amount),
    status: p.status,
    requestedAt: p.created_at.toISOString(),
    decidedAt: p.decided_at?.toISOString() ?? null,
  }));

  const byCategory = Object.fromEntries(EXPORT_TRANSACTION_CATEGORIES.map((c) => [c, 0n])) as Record<
    ExportTransactionCategory,
    bigint
  >;
  for (const t of transactions) byCategory[t.category] += BigInt(t.amountMinor);
  const totals: ExportTotals = {
    stakesMinor: sum(bets.map((b) => BigInt(b.stakeMinor))).toString(),
    winsMinor: sum(bets.map((b) => BigInt(b.winMinor))).toString(),
    refundsMinor: sum(bets.map((b) => BigInt(b.refundMinor))).toString(),
    byCategory: Object.fromEntries(
      Object.entries(byCategory).map(([c, v]) => [c, v.toString()]),
    ) as ExportTotals['byCategory'],
    walletsOpeningMinor: sum(wallets.map((w) => BigInt(w.openingMinor))).toString(),
    walletsClosingMinor: sum(wallets.map((w) => BigInt(w.closingMinor))).toString(),
  };
  return { records: { bets, bettors, wallets, transactions, payouts }, totals };
}

/** The players a day's files name: those whose money moved, who played or whose withdrawal was asked or decided. */
export function playersOf(rows: Pick<DayRows, 'entries' | 'moves'> & Partial<Pick<DayRows, 'payouts'>>): string[] {
  return [
    ...new Set([
      ...rows.entries.map((e) => e.member_id!),
      ...rows.moves.map((m) => m.member_id),
      ...(rows.payouts ?? []).map((p) => String(p.member_id)),
    ]),
  ];
}
