import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventView, formatOdds } from './event-page';
import {
  MARKETS,
  expectedReturn,
  hashSeed,
  newEvent,
  outcomeOfRoll,
  payoutMinor,
  resolveEvent,
  rollOf,
  type EventKind,
} from './events';

const KINDS: EventKind[] = ['sports', 'esports', 'cockfight'];

/** A seed whose event (with this id) rolls into `key`'s band. */
function seedLandingOn(kind: EventKind, key: string, eventId: string): string {
  for (let i = 0; i < 100_000; i++) {
    const seed = crypto.createHash('sha256').update(`${kind}:${key}:${i}`).digest('hex');
    if (outcomeOfRoll(kind, rollOf(seed, eventId)).key === key) return seed;
  }
  throw new Error(`no seed lands on ${key}`);
}

describe('the reference vendor’s event games', () => {
  it('weights of every market sum to 10,000 and each roll band maps to its outcome in order', () => {
    for (const kind of KINDS) {
      const outcomes = MARKETS[kind].outcomes;
      expect(
        outcomes.reduce((s, o) => s + o.weightBps, 0),
        kind,
      ).toBe(10_000);
      let start = 0;
      for (const o of outcomes) {
        expect(outcomeOfRoll(kind, start).key).toBe(o.key);
        expect(outcomeOfRoll(kind, start + o.weightBps - 1).key).toBe(o.key);
        start += o.weightBps;
      }
    }
    expect(outcomeOfRoll('sports', 4499).key).toBe('home');
    expect(outcomeOfRoll('sports', 4500).key).toBe('draw');
    expect(outcomeOfRoll('sports', 7200).key).toBe('away');
    expect(outcomeOfRoll('cockfight', 9599).key).toBe('wala');
    expect(outcomeOfRoll('cockfight', 9600).key).toBe('draw');
  });

  it('the roll is HMAC-SHA256(seed, event id): reproducible from the revealed seed, and committed to by its hash', () => {
    const event = newEvent('sports', 'ab'.repeat(32));
    expect(event.seedHash).toBe(crypto.createHash('sha256').update('ab'.repeat(32)).digest('hex'));
    expect(hashSeed(event.seed)).toBe(event.seedHash);
    const expected =
      parseInt(crypto.createHmac('sha256', event.seed).update(event.eventId).digest('hex').slice(0, 8), 16) % 10_000;
    expect(rollOf(event.seed, event.eventId)).toBe(expected);
    const a = resolveEvent(event, 'home', 1000n);
    const b = resolveEvent(event, 'home', 1000n);
    expect(a).toEqual(b);
    expect(a.roll).toBe(expected);
    // A new event has its own seed and id, never shown before the stake.
    const other = newEvent('sports');
    expect(other.seed).not.toBe(event.seed);
    expect(other.seedHash).toMatch(/^[a-f0-9]{64}$/);
    expect(MARKETS.sports.sides).toContainEqual(other.sides);
  });

  it('football 1X2: the winning pick pays stake × odds, rounded down; the others pay nothing', () => {
    expect(payoutMinor('sports', 'home', 'home', 1000n)).toBe(2110n);
    expect(payoutMinor('sports', 'draw', 'draw', 1000n)).toBe(3510n);
    expect(payoutMinor('sports', 'away', 'away', 1000n)).toBe(3390n);
    expect(payoutMinor('sports', 'away', 'away', 7n)).toBe(23n); // 7 × 3.39 = 23.73
    expect(payoutMinor('sports', 'home', 'draw', 1000n)).toBe(0n);
    expect(payoutMinor('sports', 'draw', 'away', 1000n)).toBe(0n);
    for (const key of ['home', 'draw', 'away']) {
      const event = { ...newEvent('sports'), eventId: 'e-1' };
      const seeded = { ...event, seed: seedLandingOn('sports', key, 'e-1') };
      const resolution = resolveEvent(seeded, key, 500n);
      expect(resolution.result.key).toBe(key);
      expect(resolution.payoutMinor).toBe(
        (500n * BigInt(MARKETS.sports.outcomes.find((o) => o.key === key)!.oddsHundredths)) / 100n,
      );
      expect(resolveEvent(seeded, key === 'home' ? 'away' : 'home', 500n).payoutMinor).toBe(0n);
    }
  });

  it('e-sports match winner: two teams, no draw', () => {
    expect(MARKETS.esports.outcomes.map((o) => o.key)).toEqual(['teamA', 'teamB']);
    expect(payoutMinor('esports', 'teamA', 'teamA', 1000n)).toBe(1720n);
    expect(payoutMinor('esports', 'teamB', 'teamB', 1000n)).toBe(2110n);
    expect(payoutMinor('esports', 'teamA', 'teamB', 1000n)).toBe(0n);
    const seeded = { ...newEvent('esports'), eventId: 'e-2' };
    const won = resolveEvent({ ...seeded, seed: seedLandingOn('esports', 'teamB', 'e-2') }, 'teamB', 100n);
    expect(won).toMatchObject({ result: { key: 'teamB' }, payoutMinor: 211n });
  });

  it('cockfight: Meron and Wala pay their odds, Draw pays 8 to 1, and a draw hands the Meron and Wala stakes back', () => {
    expect(payoutMinor('cockfight', 'meron', 'meron', 1000n)).toBe(1820n);
    expect(payoutMinor('cockfight', 'wala', 'wala', 1000n)).toBe(1970n);
    expect(payoutMinor('cockfight', 'draw', 'draw', 1000n)).toBe(9000n);
    expect(payoutMinor('cockfight', 'meron', 'wala', 1000n)).toBe(0n);
    expect(payoutMinor('cockfight', 'draw', 'meron', 1000n)).toBe(0n);
    expect(payoutMinor('cockfight', 'meron', 'draw', 1000n)).toBe(1000n);
    expect(payoutMinor('cockfight', 'wala', 'draw', 1000n)).toBe(1000n);
    const seeded = { ...newEvent('cockfight'), eventId: 'e-3' };
    const drawn = { ...seeded, seed: seedLandingOn('cockfight', 'draw', 'e-3') };
    expect(resolveEvent(drawn, 'wala', 300n)).toMatchObject({ result: { key: 'draw' }, payoutMinor: 300n });
    expect(resolveEvent(drawn, 'draw', 300n)).toMatchObject({ result: { key: 'draw' }, payoutMinor: 2700n });
    expect(() => payoutMinor('cockfight', 'home', 'draw', 1n)).toThrow(/unknown selection/);
  });

  it('every pick returns less than its stake on average; the results follow the weights', () => {
    for (const kind of KINDS) {
      for (const o of MARKETS[kind].outcomes) {
        const rtp = expectedReturn(kind, o.key);
        expect(rtp, `${kind} ${o.key}`).toBeLessThan(0.951);
        if (!(kind === 'cockfight' && o.key === 'draw')) expect(rtp, `${kind} ${o.key}`).toBeGreaterThan(0.94);
      }
    }
    expect(expectedReturn('cockfight', 'meron')).toBeCloseTo(0.5 * 1.82 + 0.04, 10);
    // 20,000 events: each result's share within 1.5 points of its weight.
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const key = outcomeOfRoll('sports', rollOf(crypto.randomBytes(16).toString('hex'), `e-${i}`)).key;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const o of MARKETS.sports.outcomes)
      expect(Math.abs((counts.get(o.key) ?? 0) / 20_000 - o.weightBps / 10_000), o.key).toBeLessThan(0.015);
  });

  it('the page names each pick with its side and odds in the player’s language', () => {
    const event = { ...newEvent('cockfight'), sides: ['Trovão', 'Relâmpago'] as const };
    expect(eventView(event, 'pt').outcomes.map((o) => o.text)).toEqual([
      'Meron · Trovão · 1,82',
      'Wala · Relâmpago · 1,97',
      'Empate · 9,00',
    ]);
    expect(eventView(event, 'en').name).toBe('Trovão vs Relâmpago');
    expect(formatOdds(351, 'en')).toBe('3.51');
  });
});
