import { describe, expect, it } from 'vitest';
import { defaultPaytable } from '@wps/shared/lottery/paytable';
import { LOTTERY_FAMILIES } from '@wps/shared/lottery/types';
import { bpToMultiplier, multiplierToBp, paytableCells, paytableFromCells } from './paytable-cells';

describe('the paytable as cells an operator types', () => {
  it('reads multipliers exactly, with a comma or a point, and refuses anything else', () => {
    expect(multiplierToBp('9,8')).toBe(98_000);
    expect(multiplierToBp('9.8')).toBe(98_000);
    expect(multiplierToBp('0,0001')).toBe(1);
    expect(multiplierToBp('20000')).toBe(200_000_000);
    for (const bad of ['', '-1', '1,23456', '1e3', 'abc', '1.2.3']) expect(multiplierToBp(bad)).toBeNull();
    expect(bpToMultiplier(98_000, 'pt-BR')).toBe('9,8');
    expect(bpToMultiplier(98_000, 'en')).toBe('9.8');
  });

  it('round-trips every default paytable, and changes only the cell typed', () => {
    for (const family of LOTTERY_FAMILIES) {
      const table = defaultPaytable(family);
      const cells = paytableCells(table);
      expect(
        paytableFromCells(
          table,
          cells.map((c) => bpToMultiplier(c.bp, 'pt-BR')),
        ),
      ).toEqual(table);
    }
    const keno = defaultPaytable('keno');
    const cells = paytableCells(keno);
    const at = cells.findIndex((c) => c.variant === '5' && c.hits === 4);
    const typed = cells.map((c, i) => (i === at ? '21' : bpToMultiplier(c.bp, 'en')));
    const changed = paytableFromCells(keno, typed)!;
    expect(changed.pick).toMatchObject({ kind: 'hits' });
    expect((changed.pick!.multiplierBp as Record<string, number[]>)['5']![4]).toBe(210_000);
    expect((keno.pick!.multiplierBp as Record<string, number[]>)['5']![4]).toBe(200_000);
    expect(
      paytableFromCells(
        keno,
        typed.map((v, i) => (i === 0 ? 'x' : v)),
      ),
    ).toBeNull();
  });
});
