import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from '../provably-fair';
import { cashOutHilo, hiloCard, hiloRank, pickHilo, startHilo, type HiloPick } from './hilo';
import { crashPoint, nextChainHash } from './crash';
import { KENO_TABLES, kenoOutcome, kenoPayout } from './keno';
import { limboOutcome, limboPayout } from './limbo';
import { cashOutMines, revealTile, startMines } from './mines';
import { payoutAt } from './originals-common';
import { PLINKO_TABLES, plinkoOutcome, plinkoPayout } from './plinko';

const run = promisify(execFile);
const VERIFIER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/verify-fair.mjs');

type Verified = { hashMatches: boolean; outcome: unknown; payout: string };

async function verify(game: string, nonce: number, extra: string[]): Promise<Verified> {
  const seed = 'f'.repeat(64);
  const { stdout } = await run('node', [
    VERIFIER,
    ...['--game', game, '--server-seed', seed, '--client-seed', 'player', '--nonce', String(nonce)],
    ...['--stake', '1000', '--hash', hashServerSeed(seed), '--json', ...extra],
  ]);
  return JSON.parse(stdout) as Verified;
}

// The stand-alone verifier re-implements the originals with Node built-ins only: these rounds hold
// it to the shared code (the tables, the byte stream, the scaling to the RTP).
describe('scripts/verify-fair.mjs and the originals', () => {
  const seed = 'f'.repeat(64);

  it('agrees on limbo, plinko and keno rounds at several RTPs and choices', async () => {
    for (const nonce of [0, 1, 2]) {
      const rtp = [9700, 9800, 9900][nonce]!;
      const limbo = limboOutcome(seed, 'player', nonce, { targetHundredths: 150 }, rtp);
      const l = await verify('limbo', nonce, ['--rtp', String(rtp), '--target', '150']);
      expect(l).toMatchObject({ hashMatches: true, outcome: limbo, payout: String(limboPayout(1000n, limbo)) });

      const plinko = plinkoOutcome(seed, 'player', nonce, { rows: 8 + nonce * 4, risk: 'high' }, rtp);
      const p = await verify('plinko', nonce, [
        '--rtp',
        String(rtp),
        '--rows',
        String(8 + nonce * 4),
        '--risk',
        'high',
      ]);
      expect(p).toMatchObject({ outcome: plinko, payout: String(plinkoPayout(1000n, plinko)) });

      const picks = [40, 1, 7, 13, 22, 31, 9].slice(0, 3 + nonce * 2);
      const keno = kenoOutcome(seed, 'player', nonce, { picks, risk: 'medium' }, rtp);
      const k = await verify('keno', nonce, ['--rtp', String(rtp), '--picks', picks.join(','), '--risk', 'medium']);
      expect(k).toMatchObject({ outcome: keno, payout: String(kenoPayout(1000n, keno)) });
    }
  });

  it('agrees on mines rounds cashed out, busted and cleared, played through the shared rules', async () => {
    for (const [nonce, count, rtp] of [
      [0, 3, 9700],
      [1, 10, 9800],
      [2, 24, 9900],
    ] as const) {
      let o = startMines(seed, 'player', nonce, { mines: count }, rtp);
      const safe = Array.from({ length: 25 }, (_, i) => 24 - i).filter((i) => !o.minePositions.includes(i));
      // Two safe tiles then a cash-out (24 mines: the one safe tile clears the board).
      for (const tile of safe.slice(0, 2)) o = revealTile(o, tile, rtp);
      if (o.state === 'open') o = cashOutMines(o);
      const m = await verify('mines', nonce, [
        '--rtp',
        String(rtp),
        '--mines',
        String(count),
        '--tiles',
        o.revealed.join(','),
      ]);
      expect(m).toMatchObject({ hashMatches: true, outcome: o, payout: String(payoutAt(1000n, o.multiplierBp)) });

      const busted = revealTile(startMines(seed, 'player', nonce, { mines: count }, rtp), o.minePositions[0]!, rtp);
      const b = await verify('mines', nonce, [
        '--rtp',
        String(rtp),
        '--mines',
        String(count),
        '--tiles',
        String(o.minePositions[0]),
      ]);
      expect(b).toMatchObject({ outcome: busted, payout: '0' });
    }
  });

  it('agrees on hi-lo rounds with calls, skips and a wrong call, played through the shared rules', async () => {
    for (const [nonce, rtp] of [
      [0, 9700],
      [1, 9800],
      [5, 9900],
    ] as const) {
      // Call the likelier side four times with a skip after the first: the round goes wherever the cards take it.
      let o = startHilo(seed, 'player', nonce, rtp);
      for (const step of ['call', 'skip', 'call', 'call', 'call']) {
        if (o.state !== 'open') break;
        const rank = hiloRank(o.cards[o.cards.length - 1]!);
        const pick: HiloPick = step === 'skip' ? 'skip' : rank <= 7 ? 'higher' : 'lower';
        o = pickHilo(o, pick, hiloCard(seed, 'player', nonce, o.cards.length), rtp);
      }
      if (o.state === 'open') o = cashOutHilo(o);
      const h = await verify('hilo', nonce, ['--rtp', String(rtp), '--calls', o.picks.join(',')]);
      expect(h).toMatchObject({ hashMatches: true, outcome: o, payout: String(payoutAt(1000n, o.multiplierBp)) });
    }
  });

  it('carries the same plinko and keno tables, every row of them', () => {
    const text = fs.readFileSync(VERIFIER, 'utf8');
    const table = (name: string): unknown => {
      const body = new RegExp(`const ${name} = (\\{[\\s\\S]*?\\n\\});`).exec(text)?.[1] ?? '';
      // The script's literal as JSON: its comments dropped, its keys quoted, its trailing commas gone.
      const json = body
        .replace(/\/\/.*$/gm, '')
        .replace(/(\w+):/g, '"$1":')
        .replace(/,(\s*[\]}])/g, '$1');
      return JSON.parse(json) as unknown;
    };
    expect(table('PLINKO')).toEqual(PLINKO_TABLES);
    expect(table('KENO')).toEqual(KENO_TABLES);
  });

  it('refuses an RTP outside the band', async () => {
    await expect(verify('limbo', 0, ['--rtp', '9600', '--target', '200'])).rejects.toThrow(/--rtp 9700…9900/);
  });

  it('agrees on crash: the crash point at each RTP, the link to the previous round and the chain up to the terminal hash', async () => {
    // A chain of 6: hash(0) … hash(6) = terminal; round k plays hash(6 − k).
    const chain = ['0123456789abcdef'.repeat(4)];
    for (let i = 0; i < 6; i++) chain.push(nextChainHash(chain[i]!));
    const salt = 'e'.repeat(64);
    for (const [k, rtp] of [
      [1, 9700],
      [3, 9800],
      [6, 9900],
    ] as const) {
      const hash = chain[6 - k]!;
      const { stdout } = await run('node', [
        VERIFIER,
        ...['--game', 'crash', '--round-hash', hash, '--salt', salt, '--rtp', String(rtp)],
        ...['--previous', chain[7 - k]!, '--terminal', chain[6]!, '--round', String(k), '--json'],
      ]);
      expect(JSON.parse(stdout)).toMatchObject({
        crashHundredths: crashPoint(hash, salt, rtp),
        previousMatches: true,
        terminalMatches: true,
      });
    }
    // A hash that is not the round before's is refused (exit 1).
    await expect(
      run('node', [
        VERIFIER,
        '--game',
        'crash',
        '--round-hash',
        chain[2]!,
        '--salt',
        salt,
        '--rtp',
        '9900',
        '--previous',
        chain[2]!,
      ]),
    ).rejects.toThrow();
  });
});
