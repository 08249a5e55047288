import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RecordsViews } from './records-views';
import { findEntriesOf, findRound, findRoundBets, findRoundVendors } from './round-reconstruction.repository';

// A round rebuilt from the records alone (docs/compliance.md, "Records, audit and reports"): the
// round record and every stake, win and refund the vendor sent (gateway), and the ledger
// transactions they moved with each entry and the balance after it. The checks say whether the
// round's own totals agree with those rows and with the money the ledger moved.

export type RoundMovement = {
  kind: 'bet' | 'win' | 'rollback';
  vendorTxId: string;
  refTxId: string | null;
  status: string;
  amountMinor: string;
  bonusMinor: string;
  at: string;
  ledgerTransactionId: string | null;
};

export type RoundLedgerTransaction = {
  id: string;
  kind: string;
  at: string;
  entries: {
    accountId: string;
    purpose: string;
    memberId: string | null;
    amountMinor: string;
    balanceAfterMinor: string | null;
  }[];
};

export type RoundCheck = { check: string; ok: boolean; detail: string };

export type RoundReconstruction = {
  vassalage: string;
  vendorName: string;
  roundId: string;
  nodeId: string;
  gameName: string;
  player: { memberId: string; account: string | null };
  currency: string;
  status: 'open' | 'settled';
  /** What the player's betting record shows: open, cancelled (every stake refunded) or settled. */
  outcome: 'open' | 'cancelled' | 'settled';
  createdAt: string;
  settledAt: string | null;
  totals: {
    stakeMinor: string;
    winMinor: string;
    refundMinor: string;
    payoutMinor: string;
    profitMinor: string;
    bonusStakeMinor: string;
    bonusWinMinor: string;
  };
  movements: RoundMovement[];
  ledger: RoundLedgerTransaction[];
  checks: RoundCheck[];
  /** Every check holds: the round's records agree with each other and with the ledger. */
  agrees: boolean;
};

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

function check(name: string, expected: bigint, actual: bigint, what: string): RoundCheck {
  return { check: name, ok: expected === actual, detail: `${what}: round record ${expected}, rows ${actual}` };
}

/** A round by vendor and id; with no vendor, the one vendor that has a round of that id. Undefined when none (or several and no vendor). */
export async function reconstructRound(
  db: Kysely<Database>,
  views: RecordsViews,
  roundId: string,
  vassalage?: string,
): Promise<RoundReconstruction | undefined> {
  let vendor = vassalage;
  if (!vendor) {
    const vendors = await findRoundVendors(db, views, roundId);
    if (vendors.length !== 1) return undefined;
    vendor = vendors[0]!;
  }
  const round = await findRound(db, views, vendor, roundId);
  if (!round) return undefined;
  const bets = await findRoundBets(db, views, vendor, roundId);
  const moved = bets.filter((b) => b.ledgerTransactionId !== null);
  const entries = await findEntriesOf(db, views, [...new Set(moved.map((b) => b.ledgerTransactionId!))]);

  const ledger = new Map<string, RoundLedgerTransaction>();
  for (const e of entries) {
    const tx = ledger.get(e.transactionId) ?? {
      id: e.transactionId,
      kind: e.kind,
      at: e.createdAt.toISOString(),
      entries: [],
    };
    tx.entries.push({
      accountId: e.accountId,
      purpose: e.purpose,
      memberId: e.memberId,
      amountMinor: e.amount,
      balanceAfterMinor: e.balanceAfter,
    });
    ledger.set(e.transactionId, tx);
  }
  const totalBet = BigInt(round.totalBet);
  const totalWin = BigInt(round.totalWin);
  const totalRefund = BigInt(round.totalRefund);
  const amountsOf = (kind: string) => moved.filter((b) => b.kind === kind).map((b) => BigInt(b.amount));
  /** What a win or rollback paid the player: its amount less the bonus part the house kept (migration 0500). */
  const paidOf = (kind: string) =>
    moved.filter((b) => b.kind === kind).map((b) => BigInt(b.amount) - (kind === 'win' ? BigInt(b.bonusKept) : 0n));
  /** The player's net in a transaction over all their own accounts (main wallet and bonus). */
  const ownAccounts = new Set(
    entries.filter((e) => e.isPlayer && e.memberId === round.memberId).map((e) => e.accountId),
  );
  const playerNet = (txId: string) =>
    sum(
      (ledger.get(txId)?.entries ?? []).filter((e) => ownAccounts.has(e.accountId)).map((e) => BigInt(e.amountMinor)),
    );

  const checks: RoundCheck[] = [
    check('stakes', totalBet, sum(amountsOf('bet')), 'stakes'),
    check('wins', totalWin, sum(paidOf('win')), 'wins paid'),
    check('refunds', totalRefund, sum(paidOf('rollback')), 'refunds paid'),
  ];
  for (const b of moved) {
    const tx = ledger.get(b.ledgerTransactionId!);
    // A win's bonus part the house kept (the bonus had ended) never reached the player; a
    // rollback's amount is what went back (its kept part is in bonus_kept beside it).
    const expected =
      b.kind === 'bet'
        ? -BigInt(b.amount)
        : b.kind === 'win'
          ? BigInt(b.amount) - BigInt(b.bonusKept)
          : BigInt(b.amount);
    const net = playerNet(b.ledgerTransactionId!);
    const balanced = tx ? sum(tx.entries.map((e) => BigInt(e.amountMinor))) === 0n : false;
    checks.push({
      check: `ledger ${b.kind} ${b.vendorTxId}`,
      ok: tx !== undefined && tx.kind === b.kind && net === expected && balanced,
      detail: tx
        ? `transaction ${tx.id} (${tx.kind}): player moved ${net}, the ${b.kind} says ${expected}; entries ${balanced ? 'balance' : 'do not balance'}`
        : `ledger transaction ${b.ledgerTransactionId} not found`,
    });
  }
  const ledgerNet = sum([...ledger.keys()].map(playerNet));
  checks.push(
    check(
      'player net',
      totalWin + totalRefund - totalBet,
      ledgerNet,
      "the player's net (wins + refunds - stakes) against the ledger",
    ),
  );

  const payout = totalWin + totalRefund;
  return {
    vassalage: round.vassalage,
    vendorName: round.vendorName ?? round.vassalage,
    roundId: round.roundId,
    nodeId: round.nodeId,
    gameName: round.gameName ?? round.nodeId,
    player: { memberId: round.memberId, account: round.account },
    currency: round.currency,
    status: round.status,
    // Cancelled: every stake rolled back, whether it went back or the house kept its bonus part.
    outcome:
      round.status === 'open' ? 'open' : totalRefund + BigInt(round.refundKept) === totalBet ? 'cancelled' : 'settled',
    createdAt: round.createdAt.toISOString(),
    settledAt: round.settledAt ? round.settledAt.toISOString() : null,
    totals: {
      stakeMinor: totalBet.toString(),
      winMinor: totalWin.toString(),
      refundMinor: totalRefund.toString(),
      payoutMinor: payout.toString(),
      profitMinor: (payout - totalBet).toString(),
      bonusStakeMinor: round.bonusBet,
      bonusWinMinor: round.bonusWin,
    },
    movements: bets.map((b) => ({
      kind: b.kind,
      vendorTxId: b.vendorTxId,
      refTxId: b.refTxId,
      status: b.status,
      amountMinor: b.amount,
      bonusMinor: b.bonusAmount,
      at: b.createdAt.toISOString(),
      ledgerTransactionId: b.ledgerTransactionId,
    })),
    ledger: [...ledger.values()],
    checks,
    agrees: checks.every((c) => c.ok),
  };
}
