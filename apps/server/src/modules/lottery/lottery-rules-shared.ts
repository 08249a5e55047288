import { drawFairResult } from '@wps/shared/lottery/fair-draw';
import { houseEdges } from '@wps/shared/lottery/house-edge';
import { defaultPaytable } from '@wps/shared/lottery/paytable';
import { validatePaytable } from '@wps/shared/lottery/paytable-check';
import { formatPercent } from '@wps/shared/lottery/rational';
import { validateResult } from '@wps/shared/lottery/results';
import { expandLines, lineCount, validateSelection } from '@wps/shared/lottery/selection';
import { exposureKeys, exposureLoad, maxLinePayout, settleLine } from '@wps/shared/lottery/settle';
import {
  isLotteryFamily,
  type LotteryFamily,
  type LotteryResult,
  type LotterySelection,
  type Paytable,
} from '@wps/shared/lottery/types';
import type { LotteryRules, Selection } from './lottery-rules';

// The lottery port over the shared game code. A family the shared code does not know is a
// configuration error (the games table holds only known families), so it throws.

function family(name: string): LotteryFamily {
  if (!isLotteryFamily(name)) throw new Error(`lottery: unknown family ${name}`);
  return name;
}

/** The shared shape: optional fields absent rather than undefined. */
function selectionOf(sel: Selection): LotterySelection {
  return {
    betType: sel.betType,
    ...(sel.numbers !== undefined ? { numbers: sel.numbers } : {}),
    ...(sel.position !== undefined ? { position: sel.position } : {}),
    ...(sel.option !== undefined ? { option: sel.option } : {}),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const sharedLotteryRules: LotteryRules = {
  check(name, sel) {
    const checked = validateSelection(family(name), selectionOf(sel));
    return checked.ok
      ? { ok: true, lines: lineCount(family(name), selectionOf(sel)) }
      : { ok: false, reason: checked.reason };
  },

  exposure(name, sel, paytable, stake) {
    const f = family(name);
    const out = new Map<string, bigint>();
    for (const line of expandLines(f, selectionOf(sel))) {
      const load = exposureLoad(f, line, paytable as Paytable, stake);
      for (const key of exposureKeys(f, line)) out.set(key, (out.get(key) ?? 0n) + load);
    }
    return out;
  },

  maxPayout(name, sel, paytable, stake) {
    const f = family(name);
    let sum = 0n;
    for (const line of expandLines(f, selectionOf(sel))) sum += maxLinePayout(f, line, paytable as Paytable, stake);
    return sum;
  },

  // Every family's paytable is keyed by bet type (paytable.ts), so the family is not needed.
  oddsOf(_family, paytable, selections) {
    const table = paytable as Paytable;
    const odds: Paytable = {};
    for (const sel of selections) {
      const rule = table[sel.betType];
      if (!rule) throw new Error(`lottery: the paytable has no ${sel.betType}`);
      odds[sel.betType] = rule;
    }
    return odds;
  },

  payout(name, sel, result, paytable, stake) {
    const f = family(name);
    let sum = 0n;
    for (const line of expandLines(f, selectionOf(sel)))
      sum += settleLine(f, line, result as LotteryResult, paytable as Paytable, stake).payout;
    return sum;
  },

  fairResult: (name, seed, drawKey) => drawFairResult(family(name), seed, drawKey),

  checkResult(name, result) {
    if (!isObject(result)) return false;
    // A typed-in result of the wrong shape (numbers not a list…) is refused, never a 500.
    try {
      return validateResult(family(name), result as LotteryResult).ok;
    } catch {
      return false;
    }
  },

  checkPaytable(name, paytable) {
    if (!isObject(paytable)) return false;
    try {
      return validatePaytable(family(name), paytable as Paytable).ok;
    } catch {
      return false;
    }
  },

  defaultPaytable: (name) => defaultPaytable(family(name)),

  edges(name, paytable) {
    return houseEdges(family(name), paytable as Paytable).map((e) => ({
      betType: e.betType,
      variant: e.variant ?? null,
      edgePercent: formatPercent(e.edge),
    }));
  },
};
