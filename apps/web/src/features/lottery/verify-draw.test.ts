import { describe, expect, it } from 'vitest';
import { drawFairResult } from '@wps/shared/lottery/fair-draw';
import { hashServerSeed } from '@wps/shared/provably-fair';
import { verifyDraw, verifierCommand } from './verify-draw';

const seed = 'a'.repeat(64);
const draw = {
  gameCode: 'E5D-1',
  numero: '20261125-0600',
  serverSeed: seed,
  serverSeedHash: hashServerSeed(seed),
  result: drawFairResult('digits5', seed, 'E5D-1:20261125-0600'),
};

describe('verifyDraw', () => {
  it('verifies a fair draw from its seed, hash and draw key', () => {
    expect(verifyDraw('digits5', draw).status).toBe('verified');
    // Key order from jsonb does not matter.
    const reordered = { ...draw, result: { numbers: (draw.result as { numbers: number[] }).numbers, kind: 'numbers' } };
    expect(verifyDraw('digits5', reordered).status).toBe('verified');
  });

  it('finds a changed result, a wrong hash, and says hidden before the seed is revealed', () => {
    const numbers = [...(draw.result as { numbers: number[] }).numbers];
    numbers[0] = (numbers[0]! + 1) % 10;
    expect(verifyDraw('digits5', { ...draw, result: { kind: 'numbers', numbers } }).status).toBe('mismatch');
    const wrongHash = verifyDraw('digits5', { ...draw, serverSeedHash: hashServerSeed('other') });
    expect(wrongHash).toMatchObject({ status: 'mismatch', hashMatches: false });
    expect(verifyDraw('digits5', { ...draw, serverSeed: null }).status).toBe('hidden');
  });

  it('names the draw key in the verifier command', () => {
    expect(verifierCommand('digits5', draw)).toContain('--draw E5D-1:20261125-0600');
  });
});
