import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import { compareIds } from '../../db/ids';
import { findDraw, fixPayoutCap, type DrawRow } from './lottery-draws.repository';
import { drawRoundId, ticketTxId } from './lottery-ids';
import type { Winner } from './lottery-settle-pricing';

// Paying a drawn draw's winners (docs/lottery.md, "Settlement at scale", step 2): the draw's
// gross fixed once, then each winner paid its win after the cap it was sold under, in batches
// through the wallet's bulk wins, each under its own `lt-<ticket>-win` into the player's round of
// the draw. A batch repeated after a crash pays nobody twice: the wallet answers a repeated win
// with its first answer, and the gross it is scaled by was fixed before the first win.

type Db = Kysely<Database>;

export type PaymentPass = {
  db: Db;
  seamless: Pick<GatewayService['seamless'], 'winMany'>;
  /** Renews the draw's lease; false once another instance holds it. */
  lease: () => Promise<boolean>;
  /** The catalogue vendor the game's rounds are recorded under. */
  vassalage: string;
  /** Winners paid per batch. */
  winBatch: number;
  /** Called after a batch's wins are paid (the crash tests stop there). */
  afterBatchPaid?: ((batch: number) => Promise<void>) | undefined;
};

/** A winner with what it is paid after its cap. */
export type PaidWinner = Winner & { payoutMinor: bigint };

/**
 * The win a ticket is paid after its cap: scaled by cap / gross when the draw's gross is over it.
 * Each ticket's cap is the per-draw limit in force when it was sold, so tickets sold under a lower
 * limit are scaled more than those sold before it was lowered, and the draw pays at most the
 * highest of its tickets' caps.
 */
export function cappedPayout(payout: bigint, cap: bigint | null, gross: bigint): bigint {
  if (cap === null || gross <= cap || gross === 0n) return payout;
  return (payout * cap) / gross;
}

/**
 * The draw's gross payout before any cap, fixed once on the draw before the first win, with the
 * highest cap its winners were sold under (what the back office shows as the draw's cap). No win
 * is paid before it is fixed, so while it is not, every winning ticket is still open and
 * `winners` (every open ticket that wins) is the whole gross.
 */
async function fixGross(db: Db, draw: DrawRow, winners: Winner[]): Promise<bigint> {
  if (draw.grossPayoutMinor !== null) return draw.grossPayoutMinor;
  let gross = 0n;
  let highestCap: bigint | null = null;
  for (const w of winners) {
    gross += w.grossMinor;
    if (highestCap === null || w.capMinor > highestCap) highestCap = w.capMinor;
  }
  await fixPayoutCap(db, draw.id, highestCap, gross);
  // Another instance may have fixed it first (a lease taken over): its figure is the one.
  return (await findDraw(db, draw.id))!.grossPayoutMinor ?? gross;
}

/**
 * Pay the winners, each its capped share, in player order: the wallet's batches then share no
 * player but at their edges, so the two in flight do not wait on each other's wallet locks.
 * Returns the winners with their payouts (to be marked), or null when the lease is lost.
 */
export async function payWinners(pass: PaymentPass, draw: DrawRow, winners: Winner[]): Promise<PaidWinner[] | null> {
  const gross = await fixGross(pass.db, draw, winners);
  const priced = winners
    .map((w) => ({ ...w, payoutMinor: cappedPayout(w.grossMinor, w.capMinor, gross) }))
    .sort((a, b) => compareIds(a.memberId, b.memberId) || compareIds(a.id, b.id));
  for (let i = 0, batchNo = 1; i < priced.length; i += pass.winBatch, batchNo++) {
    if (!(await pass.lease())) return null;
    // A win the cap scales down to nothing is a loss: no win row.
    const paid = priced.slice(i, i + pass.winBatch).filter((w) => w.payoutMinor > 0n);
    await pass.seamless.winMany(
      paid.map((w) => ({
        vassalage: pass.vassalage,
        memberId: w.memberId,
        transactionId: ticketTxId(w.id, 'win'),
        roundId: drawRoundId(draw.id, w.memberId),
        betTransactionId: ticketTxId(w.id, 'bet'),
        amountMinor: w.payoutMinor,
        roundClosed: false,
      })),
    );
    await pass.afterBatchPaid?.(batchNo);
  }
  return priced;
}
