import crypto from 'node:crypto';

/**
 * The reference vendor's fixed-odds event games: a football match (1X2), an e-sports match winner
 * and a cockfight (Meron, Wala, Draw). Each event is drawn before the player sees it and committed
 * to: the page shows the SHA-256 of the event's secret seed; the result is a pure function of the
 * seed and the event id; the seed is revealed with the result, so a player can check both (the
 * hash, and the result the formula gives). Nothing here touches money: the server (sandbox.ts)
 * takes the stake through the platform's seamless `bet` and pays `payoutMinor` through its `win`.
 */

export type EventKind = 'sports' | 'esports' | 'cockfight';

type Texts = { pt: string; en: string };

export type Outcome = {
  key: string;
  /** Chance of this result, in basis points of 10,000 (the outcomes of a market sum to 10,000). */
  weightBps: number;
  /** Decimal odds ×100: a winning stake of 1.00 returns odds/100 (stake included). */
  oddsHundredths: number;
  label: Texts;
};

export type Market = {
  kind: EventKind;
  title: Texts;
  outcomes: Outcome[];
  /**
   * Results on which a stake on any other outcome is handed back rather than lost: at a cockpit a
   * draw returns the Meron and Wala stakes.
   */
  refundOn: readonly string[];
  /** The two sides' names, one pair picked per event from the seed. */
  sides: readonly (readonly [string, string])[];
};

/**
 * Each outcome returns 94–95 % of what is staked on it over many events (weight × odds), except
 * the cockfight's draw, which pays 8 to 1 as at a cockpit and returns far less. The return differs
 * by selection, so the catalogue states no single RTP for these games (catalogue.seed.ts).
 */
export const MARKETS: Record<EventKind, Market> = {
  sports: {
    kind: 'sports',
    title: { pt: 'Futebol · Resultado final (1X2)', en: 'Football · Match result (1X2)' },
    outcomes: [
      { key: 'home', weightBps: 4500, oddsHundredths: 211, label: { pt: 'Casa (1)', en: 'Home (1)' } },
      { key: 'draw', weightBps: 2700, oddsHundredths: 351, label: { pt: 'Empate (X)', en: 'Draw (X)' } },
      { key: 'away', weightBps: 2800, oddsHundredths: 339, label: { pt: 'Fora (2)', en: 'Away (2)' } },
    ],
    refundOn: [],
    sides: [
      ['Porto Alegre FC', 'Recife United'],
      ['Atlético Serra', 'Clube do Vale'],
      ['Santos Praia', 'Real Cerrado'],
      ['Norte Paulista', 'Sport Litoral'],
    ],
  },
  esports: {
    kind: 'esports',
    title: { pt: 'E-sports · Vencedor da partida', en: 'E-sports · Match winner' },
    outcomes: [
      { key: 'teamA', weightBps: 5500, oddsHundredths: 172, label: { pt: 'Equipe A', en: 'Team A' } },
      { key: 'teamB', weightBps: 4500, oddsHundredths: 211, label: { pt: 'Equipe B', en: 'Team B' } },
    ],
    refundOn: [],
    sides: [
      ['Pixel Jaguars', 'Neon Foxes'],
      ['Byte Storm', 'Lag Zero'],
      ['Quantum Five', 'Red Respawn'],
    ],
  },
  cockfight: {
    kind: 'cockfight',
    title: { pt: 'Rinha · Meron, Wala ou Empate', en: 'Cockfight · Meron, Wala or Draw' },
    outcomes: [
      { key: 'meron', weightBps: 5000, oddsHundredths: 182, label: { pt: 'Meron', en: 'Meron' } },
      { key: 'wala', weightBps: 4600, oddsHundredths: 197, label: { pt: 'Wala', en: 'Wala' } },
      { key: 'draw', weightBps: 400, oddsHundredths: 900, label: { pt: 'Empate', en: 'Draw' } },
    ],
    refundOn: ['draw'],
    sides: [
      ['Trovão', 'Relâmpago'],
      ['Bravo', 'Valente'],
      ['Rubi', 'Cobalto'],
    ],
  },
};

/** An event a player may stake on; `seed` stays at the vendor until the event is resolved. */
export type SportEvent = {
  eventId: string;
  kind: EventKind;
  sides: readonly [string, string];
  seed: string;
  /** SHA-256 of the seed (hex): the commitment shown before the stake. */
  seedHash: string;
};

export const hashSeed = (seed: string): string => crypto.createHash('sha256').update(seed).digest('hex');

/** A new event of `kind`, with a fresh secret seed (or the given one). */
export function newEvent(kind: EventKind, seed = crypto.randomBytes(32).toString('hex')): SportEvent {
  const eventId = crypto.randomUUID();
  const pairs = MARKETS[kind].sides;
  const sides = pairs[parseInt(hashSeed(`${seed}:sides`).slice(0, 8), 16) % pairs.length]!;
  return { eventId, kind, sides, seed, seedHash: hashSeed(seed) };
}

/**
 * The event's roll, 0–9,999: the first 8 hex digits of HMAC-SHA256(key = seed, message = event id)
 * as a number, modulo 10,000. Public, so a player can recompute it from the revealed seed.
 */
export function rollOf(seed: string, eventId: string): number {
  return parseInt(crypto.createHmac('sha256', seed).update(eventId).digest('hex').slice(0, 8), 16) % 10_000;
}

/** The outcome a roll lands on: the outcomes' weights laid end to end, in the market's order. */
export function outcomeOfRoll(kind: EventKind, roll: number): Outcome {
  const outcomes = MARKETS[kind].outcomes;
  let r = roll;
  for (const o of outcomes) {
    if (r < o.weightBps) return o;
    r -= o.weightBps;
  }
  // Unreachable while the weights sum to 10,000 (checked by the tests) and roll < 10,000.
  return outcomes[outcomes.length - 1]!;
}

export function findOutcome(kind: EventKind, key: unknown): Outcome | undefined {
  return MARKETS[kind].outcomes.find((o) => o.key === key);
}

/**
 * What a stake on `selection` pays once the event ended on `result`: stake × odds (rounded down
 * to the minor unit) when it won, the stake back when the result refunds it, else nothing.
 */
export function payoutMinor(kind: EventKind, selection: string, result: string, stakeMinor: bigint): bigint {
  const chosen = findOutcome(kind, selection);
  if (!chosen) throw new Error(`unknown selection ${selection} for ${kind}`);
  if (selection === result) return (stakeMinor * BigInt(chosen.oddsHundredths)) / 100n;
  return MARKETS[kind].refundOn.includes(result) ? stakeMinor : 0n;
}

export type Resolution = { roll: number; result: Outcome; payoutMinor: bigint };

/** Resolve `event` for a stake on `selection`. */
export function resolveEvent(event: SportEvent, selection: string, stakeMinor: bigint): Resolution {
  const roll = rollOf(event.seed, event.eventId);
  const result = outcomeOfRoll(event.kind, roll);
  return { roll, result, payoutMinor: payoutMinor(event.kind, selection, result.key, stakeMinor) };
}

/** The expected return of a stake on `selection`, as a fraction of the stake. */
export function expectedReturn(kind: EventKind, selection: string): number {
  const market = MARKETS[kind];
  return market.outcomes.reduce((sum, o) => {
    const paid = Number(payoutMinor(kind, selection, o.key, 10_000n)) / 10_000;
    return sum + (o.weightBps / 10_000) * paid;
  }, 0);
}
