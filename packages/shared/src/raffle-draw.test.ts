import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from './provably-fair';
import { drawRaffleWinners } from './raffle-draw';

const run = promisify(execFile);
const VERIFIER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/verify-raffle.mjs');

/** A drawn raffle as GET /wps/promo/raffles/:id answers it. */
function drawnRaffle(ticketCount: number, prizeCount: number) {
  const serverSeed = crypto.randomBytes(32).toString('hex');
  const id = '42';
  const winners = drawRaffleWinners(serverSeed, id, ticketCount, prizeCount);
  return {
    id,
    status: 'drawn',
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
    ticketCount,
    prizes: Array.from({ length: prizeCount }, (_, i) => ({ rank: i + 1, rewardKind: 'cash', amount: '100' })),
    winners: winners.map((ticket, i) => ({ rank: i + 1, ticket, account: 'ab***cd' })),
  };
}

async function verify(raffle: unknown): Promise<{ code: number; out: string }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'raffle-')), 'raffle.json');
  fs.writeFileSync(file, JSON.stringify({ success: true, value: raffle }));
  try {
    const { stdout } = await run(process.execPath, [VERIFIER, '--file', file]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('raffle draw', () => {
  it('picks distinct tickets in range, the same ones for the same seed, fewer when tickets are fewer than prizes', () => {
    const a = drawRaffleWinners('seed', '7', 10, 5);
    expect(a).toEqual(drawRaffleWinners('seed', '7', 10, 5));
    expect(new Set(a).size).toBe(5);
    expect(a.every((t) => t >= 1 && t <= 10)).toBe(true);
    expect(drawRaffleWinners('seed', '7', 3, 5).sort()).toEqual([1, 2, 3]);
    expect(drawRaffleWinners('seed', '7', 0, 5)).toEqual([]);
    expect(drawRaffleWinners('seed', '8', 1000, 3)).not.toEqual(drawRaffleWinners('seed', '7', 1000, 3));
  });

  it('spreads wins evenly over the tickets', () => {
    const wins = new Array<number>(4).fill(0);
    for (let i = 0; i < 4000; i++) wins[drawRaffleWinners(`s${i}`, '1', 4, 1)[0]! - 1]!++;
    for (const w of wins) expect(w).toBeGreaterThan(850);
  });

  it('the stand-alone verifier agrees with the draw and fails on a tampered result', async () => {
    const raffle = drawnRaffle(25, 3);
    const good = await verify(raffle);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain('verified');

    const loser = Array.from({ length: 25 }, (_, i) => i + 1).find((n) => !raffle.winners.some((w) => w.ticket === n))!;
    const swapped = { ...raffle, winners: raffle.winners.map((w, i) => (i === 0 ? { ...w, ticket: loser } : w)) };
    expect((await verify(swapped)).code).toBe(1);
    const reordered = {
      ...raffle,
      winners: [raffle.winners[1]!, raffle.winners[0]!, raffle.winners[2]!].map((w, i) => ({ ...w, rank: i + 1 })),
    };
    expect((await verify(reordered)).code).toBe(1);
    const otherSeed = { ...raffle, serverSeed: crypto.randomBytes(32).toString('hex') };
    const bad = await verify(otherSeed);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('FAIL commitment');
    expect((await verify({ ...raffle, ticketCount: 26 })).code).toBe(1);
    expect((await verify({ ...raffle, status: 'open', serverSeed: null })).code).toBe(1);
  });
});
