import { describe, expect, it } from 'vitest';
import { validateSelection } from '@wps/shared/lottery/selection';
import { betRulesOf } from '@wps/shared/lottery/registry';
import { LOTTERY_FAMILIES } from '@wps/shared/lottery/types';
import { parsePicks, pickLabel, priceSelection, quickPick, slipTotalMinor } from './slip';
import { findBetRule } from '@wps/shared/lottery/registry';

describe('slip', () => {
  it('prices a selection with the shared line count', () => {
    const allDigits = {
      betType: 'position',
      position: 1,
      numbers: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      stakePerLineMinor: 100n,
    };
    expect(priceSelection('digits5', allDigits)).toEqual({ ok: true, lines: 10, totalMinor: 1000n });
    const xien = { betType: 'xien2', numbers: [1, 2, 3, 4, 5], stakePerLineMinor: 10n };
    expect(priceSelection('vn_north', xien)).toEqual({ ok: true, lines: 10, totalMinor: 100n });
    expect(priceSelection('digits5', { betType: 'position', numbers: [1], stakePerLineMinor: 1n })).toEqual({
      ok: false,
      reason: 'POSITION',
    });
    expect(slipTotalMinor('digits5', [allDigits, { betType: 'sum_size', option: 'big', stakePerLineMinor: 50n }])).toBe(
      1050n,
    );
  });

  it('quick-picks a valid selection for every bet type of every family', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
    for (const family of LOTTERY_FAMILIES) {
      for (const rule of betRulesOf(family)) {
        for (let i = 0; i < 5; i++)
          expect(validateSelection(family, quickPick(family, rule.code, random)), `${family} ${rule.code}`).toEqual({
            ok: true,
          });
      }
    }
  });

  it('reads typed picks', () => {
    expect(parsePicks('07 12,345')).toEqual([7, 12, 345]);
    expect(parsePicks('7 x')).toBeNull();
    expect(pickLabel(findBetRule('vn_north', 'lo')!, 7)).toBe('07');
    expect(pickLabel(findBetRule('digits5', 'position')!, 7)).toBe('7');
  });
});
