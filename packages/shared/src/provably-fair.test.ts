import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DICE_OUTCOMES,
  SLOT_CONFIG,
  SLOT_WEIGHT_TOTAL,
  diceMultiplierBp,
  diceOutcome,
  dicePayout,
  diceRollFromBytes,
  diceWinCount,
  hashServerSeed,
  hmacSha256,
  roundBytes,
  sha256,
  slotExactRtp,
  slotOutcome,
  slotOutcomeFromBytes,
  slotPayout,
  toHex,
  utf8,
} from './provably-fair';

describe('SHA-256 and HMAC-SHA256 (pure JS)', () => {
  it('match node:crypto on empty, short, block-edge and long inputs', () => {
    for (const len of [0, 1, 55, 56, 63, 64, 65, 119, 200, 1000]) {
      const data = crypto.randomBytes(len);
      expect(toHex(sha256(data))).toBe(crypto.createHash('sha256').update(data).digest('hex'));
      for (const keyLen of [0, 16, 64, 65, 130]) {
        const key = crypto.randomBytes(keyLen);
        expect(toHex(hmacSha256(key, data))).toBe(crypto.createHmac('sha256', key).update(data).digest('hex'));
      }
    }
  });

  it('commits to SHA-256 of the seed text and reads HMAC(serverSeed, clientSeed:nonce)', () => {
    expect(hashServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const expected = crypto.createHmac('sha256', 'server-é').update('client:42').digest('hex');
    expect(toHex(roundBytes('server-é', 'client', 42))).toBe(expected);
    expect(toHex(utf8('é'))).toBe('c3a9');
  });
});

describe('slot', () => {
  it('weights add up to the draw range and every line crosses each reel once', () => {
    expect(SLOT_CONFIG.weights.reduce((a, b) => a + b, 0)).toBe(SLOT_WEIGHT_TOTAL);
    expect(SLOT_CONFIG.weights.every((w) => Number.isInteger(w) && w > 0)).toBe(true);
    for (const line of SLOT_CONFIG.lines) {
      expect(line).toHaveLength(5);
      expect(line.every((row) => row >= 0 && row < 3)).toBe(true);
    }
    expect(new Set(SLOT_CONFIG.lines.map((l) => l.join())).size).toBe(SLOT_CONFIG.lines.length);
  });

  it('has an exact theoretical RTP equal to the configured target within 0.01 percentage points', () => {
    const exact = slotExactRtp();
    expect(Math.abs(exact.value - SLOT_CONFIG.targetRtp)).toBeLessThanOrEqual(0.0001);
    // The closed form is checked against brute force on a reduced alphabet (2 symbols → 2^5 line patterns).
    const tiny = {
      ...SLOT_CONFIG,
      symbols: ['seven', 'cherry'] as const,
      weights: [300, 724],
      pays: { ...SLOT_CONFIG.pays },
    };
    let brute = 0;
    for (let mask = 0; mask < 32; mask++) {
      const cells = [0, 1, 2, 3, 4].map((i) => ((mask >> i) & 1 ? 'seven' : 'cherry'));
      const p = cells.reduce((acc, s) => (acc * (s === 'seven' ? 300 : 724)) / 1024, 1);
      let count = 1;
      while (count < 5 && cells[count] === cells[0]) count++;
      if (count >= 3) brute += p * SLOT_CONFIG.pays[cells[0] as 'seven' | 'cherry'][count - 3]!;
    }
    expect(slotExactRtp(tiny).value).toBeCloseTo(brute, 10);
  });

  it('is deterministic and reads 15 cells, each from its own 2 bytes', () => {
    const a = slotOutcome('seed-1', 'client', 7);
    expect(slotOutcome('seed-1', 'client', 7)).toEqual(a);
    expect(a.grid).toHaveLength(5);
    expect(a.grid.every((c) => c.length === 3)).toBe(true);
    // All draws 0 → the first symbol everywhere: every line is 5 × seven.
    const zero = slotOutcomeFromBytes(new Uint8Array(32));
    expect(zero.wins).toHaveLength(10);
    expect(zero.totalMultiplier).toBe(10 * SLOT_CONFIG.pays.seven[2]);
    // Draw 1023 → the last symbol (cherry) everywhere.
    const top = slotOutcomeFromBytes(Uint8Array.from({ length: 32 }, (_, i) => (i % 2 === 0 ? 0x03 : 0xff)));
    expect(top.grid.flat().every((s) => s === 'cherry')).toBe(true);
    expect(slotPayout(100n, top)).toBe(10n * 10n * BigInt(SLOT_CONFIG.pays.cherry[2]));
  });

  it('pays a run from the leftmost reel only', () => {
    // Reels 0..2 seven (draw 0), reels 3..4 cherry (draw 1023): every line is 3 × seven.
    const bytes = new Uint8Array(32);
    for (let cell = 9; cell < 15; cell++) {
      bytes[2 * cell] = 0x03;
      bytes[2 * cell + 1] = 0xff;
    }
    const out = slotOutcomeFromBytes(bytes);
    expect(out.wins.every((w) => w.symbol === 'seven' && w.count === 3)).toBe(true);
    // Reel 0 cherry, the rest seven: no win even though 4 sevens line up.
    const broken = new Uint8Array(32);
    for (let cell = 0; cell < 3; cell++) {
      broken[2 * cell] = 0x03;
      broken[2 * cell + 1] = 0xff;
    }
    expect(slotOutcomeFromBytes(broken).wins.filter((w) => w.symbol === 'seven')).toEqual([]);
  });

  it('lands near the exact RTP over 200,000 random spins (the 1,000,000-spin run is bench:rtp)', () => {
    let returned = 0;
    const spins = 200_000;
    for (let i = 0; i < spins; i++) returned += slotOutcomeFromBytes(crypto.randomBytes(32)).totalMultiplier;
    const rtp = returned / spins / SLOT_CONFIG.lines.length;
    // Standard deviation per spin is about 1.13, so 5 standard errors at 200k spins is about 1.3 pp.
    expect(Math.abs(rtp - slotExactRtp().value)).toBeLessThan(0.013);
  });
});

describe('dice', () => {
  it('is deterministic, in range and skips biased words', () => {
    const a = diceOutcome('s', 'c', 1, 5000, 'under');
    expect(diceOutcome('s', 'c', 1, 5000, 'under')).toEqual(a);
    expect(a.roll).toBeGreaterThanOrEqual(0);
    expect(a.roll).toBeLessThan(DICE_OUTCOMES);
    const bytes = new Uint8Array(32).fill(0xff);
    bytes.set([0, 0, 0x30, 0x39], 4); // second word = 12345
    expect(diceRollFromBytes(bytes)).toBe(2345);
  });

  it('pays (1 − edge)/chance and keeps the RTP at or under 99 %', () => {
    expect(diceWinCount(5000, 'under')).toBe(5000);
    expect(diceWinCount(5000, 'over')).toBe(4999);
    expect(diceMultiplierBp(5000)).toBe(19800);
    for (const chance of [100, 333, 4950, 9800]) {
      const rtp = (chance / DICE_OUTCOMES) * (diceMultiplierBp(chance) / DICE_OUTCOMES);
      expect(rtp).toBeLessThanOrEqual(0.99);
      expect(rtp).toBeGreaterThan(0.9899);
    }
    expect(dicePayout(1000n, { roll: 10, target: 5000, direction: 'under', win: true, multiplierBp: 19800 })).toBe(
      1980n,
    );
    expect(dicePayout(1000n, { roll: 6000, target: 5000, direction: 'under', win: false, multiplierBp: 19800 })).toBe(
      0n,
    );
  });
});
