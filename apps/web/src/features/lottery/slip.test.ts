import { describe, expect, it } from 'vitest';
import { validateSelection } from '@wps/shared/lottery/selection';
import { betRulesOf } from '@wps/shared/lottery/registry';
import { LOTTERY_FAMILIES } from '@wps/shared/lottery/types';
import { defaultPaytable } from '@wps/shared/lottery/paytable';
import { linePayouts, parsePicks, pickLabel, priceSelection, quickPick, slipPayoutMinor, slipTotalMinor } from './slip';
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

  it("gives each line its potential payout at the game's odds, and the slip's sum", () => {
    const odds = defaultPaytable('digits5'); // position pays 9.8 ×
    const position = { betType: 'position', position: 1, numbers: [3, 7], stakePerLineMinor: 150n };
    expect(linePayouts('digits5', position, odds)).toEqual([
      { line: { betType: 'position', position: 1, numbers: [3] }, payoutMinor: 1470n },
      { line: { betType: 'position', position: 1, numbers: [7] }, payoutMinor: 1470n },
    ]);
    // Dice sums pay by the sum picked: each pick its own figure.
    const sums = linePayouts(
      'dice3',
      { betType: 'sum', numbers: [4, 10], stakePerLineMinor: 100n },
      defaultPaytable('dice3'),
    );
    expect(sums?.map((l) => l.payoutMinor)).toEqual([6800n, 760n]);
    const small = { betType: 'sum_size', option: 'small', stakePerLineMinor: 100n };
    expect(slipPayoutMinor('digits5', [position, small], odds)).toBe(1470n * 2n + 196n);
    // A refused selection, or a paytable without the bet type, has no figure.
    expect(linePayouts('digits5', { betType: 'position', numbers: [3], stakePerLineMinor: 1n }, odds)).toBeNull();
    expect(linePayouts('digits5', position, {})).toBeNull();
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
