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
    transactionId: e.transactionId,
    entryId: e.id,
    at: e.createdAt.toISOString(),
    playerId: e.memberId!,
    accountId: e.accountId,
    purpose: e.purpose,
    kind: e.kind,
    category: CATEGORY_OF_KIND[e.kind as LedgerKind] ?? 'other',
    currency: e.currency,
    amountMinor: e.amount,
    balanceAfterMinor: e.balanceAfter,
    reference: e.reference,
  }));

  const rounds = new Map<string, { moves: DayRows['moves'] }>();
  for (const m of rows.moves) {
    const round = rounds.get(m.roundPk) ?? { moves: [] };
    round.moves.push(m);
    rounds.set(m.roundPk, round);
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
        roundId: r.roundId,
        vendorCode: r.vassalage,
        vendorName: r.vendorName ?? r.vassalage,
        gameId: r.nodeId,
        gameName: r.gameName ?? r.nodeId,
        playerId: r.memberId,
        cpf: rows.identities.get(r.memberId)?.cpf ?? null,
        currency: r.currency,
        placedAt: r.roundCreatedAt.toISOString(),
        settledAt: r.settledAt ? r.settledAt.toISOString() : null,
        status: r.status,
        outcome:
          r.status === 'open'
            ? ('open' as const)
            : r.totalRefund === r.totalBet
              ? ('cancelled' as const)
              : ('settled' as const),
        stakeMinor: stake.toString(),
        winMinor: byKind(moves, 'win').toString(),
        refundMinor: refund.toString(),
        bonusStakeMinor: sum(moves.filter((m) => m.kind === 'bet').map((m) => BigInt(m.bonusAmount))).toString(),
        roundStakeMinor: r.totalBet,
        roundWinMinor: r.totalWin,
        roundRefundMinor: r.totalRefund,
        movements: moves.map((m) => ({
          kind: m.kind,
          vendorTxId: m.vendorTxId,
          at: m.createdAt.toISOString(),
          amountMinor: m.amount,
          ledgerTransactionId: m.ledgerTransactionId!,
        })),
      };
    });

  const wallets = rows.wallets
    .map((w) => {
      const closing = BigInt(w.balance) - BigInt(w.afterEnd);
      const credits = BigInt(w.credits);
      const debits = BigInt(w.debits);
      return { w, closing, credits, debits, opening: closing - credits - debits };
    })
    .filter((x) => x.closing !== 0n || x.credits !== 0n || x.debits !== 0n)
    .map(({ w, closing, credits, debits, opening }) => ({
      record: 'wallet' as const,
      playerId: w.memberId!,
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
      registeredAt: m.createdAt.toISOString(),
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
    playerId: String(p.memberId),
    cpf: rows.identities.get(String(p.memberId))?.cpf ?? null,
    origin: p.origin,
    method: p.pixKeyType ? ('pix' as const) : ('bank_transfer' as const),
    pixKeyType: p.pixKeyType,
    currency: p.currency,
    amountMinor: String(p.amount),
    status: p.status,
    requestedAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
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
      ...rows.entries.map((e) => e.memberId!),
      ...rows.moves.map((m) => m.memberId),
      ...(rows.payouts ?? []).map((p) => String(p.memberId)),
    ]),
  ];
}
