import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GatewayService } from '../gateway/gateway.service';
import type { DrawRow } from './lottery-draws.repository';
import { drawRoundId } from './lottery-ids';
import { closeOpenTicketsInRange, findOpenTicketSpan } from './lottery-tickets.repository';

// Closing a finished draw once its money has moved (docs/lottery.md, "Settlement at scale",
// steps 3 and 4): the players' rounds of the draw closed, then its tickets moved from open to
// their outcome, page by page. No money moves here. A round closes only while open and a ticket
// moves only from open, so a pass repeated after a crash closes and marks only what is left.

type Db = Kysely<Database>;

/** Players' rounds closed per statement once a draw's wins are paid. */
const ROUND_CLOSE_BATCH = 5_000;

export type ClosingPass = {
  db: Db;
  seamless: Pick<GatewayService['seamless'], 'closeRounds'>;
  /** Renews the draw's lease; false once another instance holds it. */
  lease: () => Promise<boolean>;
  /** Tickets marked per statement. */
  priceBatch: number;
};

/**
 * The players' rounds of the draw closed, a page of players at a time (no money moves). Called
 * once every win or refund is paid and before any ticket is marked: a kill before the end leaves
 * every ticket as it was, so the next pass finds the same players again.
 */
export async function closeRounds(
  pass: ClosingPass,
  draw: DrawRow,
  vassalage: string,
  members: Set<string>,
): Promise<boolean> {
  const all = [...members];
  for (let i = 0; i < all.length; i += ROUND_CLOSE_BATCH) {
    if (!(await pass.lease())) return false;
    await pass.seamless.closeRounds({
      vassalage,
      rounds: all.slice(i, i + ROUND_CLOSE_BATCH).map((m) => ({ roundId: drawRoundId(draw.id, m), memberId: m })),
    });
  }
  return true;
}

/**
 * Tickets moved to their outcome in pages of [from, to) over `count` (list positions, or ids
 * past a draw's first), two statements in flight (the database takes one core each).
 */
export async function markInPages(
  pass: ClosingPass,
  count: number,
  mark: (from: number, to: number) => Promise<unknown>,
): Promise<boolean> {
  const { priceBatch } = pass;
  for (let i = 0; i < count; i += priceBatch * 2) {
    if (!(await pass.lease())) return false;
    const pages: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(count, i + priceBatch * 2); j += priceBatch)
      pages.push(mark(j, Math.min(count, j + priceBatch)));
    await Promise.all(pages);
  }
  return true;
}

/**
 * The losers marked: once every winner is, a drawn draw's open tickets are its losers, closed
 * by ranges of ids (no list of a million ids to send), two statements in flight. Null when the
 * lease is lost.
 */
export async function closeLosers(pass: ClosingPass, draw: DrawRow, at: Date): Promise<number | null> {
  const span = await findOpenTicketSpan(pass.db, draw.id);
  if (span === null) return 0;
  let closed = 0;
  const done = await markInPages(pass, Number(span.to - span.from) + 1, async (from, to) => {
    // Two ranges are in flight: `closed += await …` would add to the count read before the wait.
    const n = await closeOpenTicketsInRange(
      pass.db,
      draw.id,
      span.from + BigInt(from),
      span.from + BigInt(to) - 1n,
      'lost',
      at,
    );
    closed += n;
  });
  return done ? closed : null;
}
