import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DrawRow } from './lottery-draws.repository';
import type { GameRow } from './lottery-games.repository';
import {
  findDrawPlayers,
  findDrawSlips,
  findTicketsOfSlips,
  findTicketsToPrice,
  type TicketSelection,
} from './lottery-tickets.repository';
import type { LotteryRules } from './lottery-rules';

// Pricing a drawn draw's open tickets (docs/lottery.md, "Settlement at scale", step 1): what each
// winning ticket pays before the draw's cap, at the terms it was sold at. A ticket keeps the odds
// of its bet types and the cap it was sold under (migration 0440), so an operator's change of the
// paytable or the per-draw limit after a ticket was sold never reaches that ticket; the game's
// paytable is never read here. Pricing reads and moves no money: a pass repeated after a crash
// prices the same open tickets alike.

type Db = Kysely<Database>;

/** A winning ticket: what it pays before the draw's cap, and the cap it was sold under. */
export type Winner = { id: string; memberId: string; grossMinor: bigint; capMinor: bigint };
/** What pricing finds: the winners, and every player holding an open ticket (whose round closes). */
export type Priced = { winners: Winner[]; members: Set<string> };

export type PricingPass = {
  db: Db;
  rules: LotteryRules;
  /** Renews the draw's lease; false once another instance holds it. */
  lease: () => Promise<boolean>;
  /** Tickets read per page when the draw is priced page by page. */
  priceBatch: number;
  /** Distinct slips a draw may hold to be priced set-based. */
  maxSlips: number;
  /** Slips remembered while pricing page by page. */
  cacheSize: number;
};

/** What a slip pays against the draw's result at the odds it was sold at (0 on a loss). */
function priceSlip(
  rules: LotteryRules,
  game: GameRow,
  draw: DrawRow,
  selections: readonly TicketSelection[],
  odds: unknown,
): bigint {
  let sum = 0n;
  for (const sel of selections) sum += rules.payout(game.family, sel, draw.result, odds, BigInt(sel.stakePerLineMinor));
  return sum;
}

/** The same from the database's text of the slip and its odds (what the set-based reads return). */
function priceSlipText(pass: PricingPass, game: GameRow, draw: DrawRow, slip: string, odds: string): bigint {
  return priceSlip(pass.rules, game, draw, JSON.parse(slip) as TicketSelection[], JSON.parse(odds));
}

/**
 * Pricing, set-based: the draw's distinct (slip, odds) pairs priced once each, the winning pairs'
 * tickets found by the database, the players read alongside. Null when the draw holds more
 * distinct pairs than `maxSlips`: `pricePages` then reads the tickets, with bounded memory.
 */
async function priceBySlips(pass: PricingPass, draw: DrawRow, game: GameRow): Promise<Priced | null> {
  const players = findDrawPlayers(pass.db, draw.id);
  // Awaited below; marked handled now so an error of the slips' read is the one thrown.
  players.catch(() => undefined);
  const slips = await findDrawSlips(pass.db, draw.id, pass.maxSlips + 1);
  if (slips.length > pass.maxSlips) return null;
  const winning = slips.flatMap((s) => {
    const grossMinor = priceSlipText(pass, game, draw, s.slip, s.odds);
    return grossMinor > 0n ? [{ ...s, grossMinor }] : [];
  });
  const winners = await findTicketsOfSlips(pass.db, draw.id, winning);
  return { winners, members: new Set(await players) };
}

/**
 * Pricing a page of tickets at a time, for a draw of too many distinct slips to hold: every open
 * ticket read once, the next page read while this one is priced (the database and this process
 * each take a core), each (slip, odds) pair priced once while the cache has room. Null when the
 * lease is lost.
 */
async function pricePages(pass: PricingPass, draw: DrawRow, game: GameRow): Promise<Priced | null> {
  const { db, lease, priceBatch } = pass;
  const winners: Winner[] = [];
  const members = new Set<string>();
  const prices = new Map<string, bigint>();
  const price = (slip: string, odds: string): bigint => {
    // JSON text holds no NUL, so the pair's key is unambiguous.
    const key = `${slip}\u0000${odds}`;
    let gross = prices.get(key);
    if (gross === undefined) {
      gross = priceSlipText(pass, game, draw, slip, odds);
      if (prices.size < pass.cacheSize) prices.set(key, gross);
    }
    return gross;
  };
  let next = lease().then((held) => (held ? findTicketsToPrice(db, draw.id, '0', priceBatch) : null));
  for (;;) {
    const page = await next;
    if (page === null) return null;
    if (page.length === 0) return { winners, members };
    const after = page[page.length - 1]!.id;
    next = lease().then((held) => (held ? findTicketsToPrice(db, draw.id, after, priceBatch) : null));
    // Awaited on the next turn; marked handled now so a pricing error here is the one thrown.
    next.catch(() => undefined);
    for (const t of page) {
      members.add(t.memberId);
      const grossMinor = price(t.selectionsText, t.oddsText);
      if (grossMinor > 0n) winners.push({ id: t.id, memberId: t.memberId, grossMinor, capMinor: t.capMinor });
    }
  }
}

/**
 * Every open ticket of a drawn draw priced at its own terms: set-based when the draw's distinct
 * slips fit in memory, else page by page. Null when the lease is lost.
 */
export async function priceDraw(pass: PricingPass, draw: DrawRow, game: GameRow): Promise<Priced | null> {
  if (!(await pass.lease())) return null;
  return (await priceBySlips(pass, draw, game)) ?? (await pricePages(pass, draw, game));
}
