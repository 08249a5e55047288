// A selection from the slip: checking it, counting its lines and expanding it into single lines.
// The stake is per line, so the server charges stake × lineCount.
import type { BetRule } from './bet-rule';
import { choose, combinations } from './combinatorics';
import { findBetRule } from './registry';
import {
  LotteryInputError,
  MAX_LINES_PER_SELECTION,
  type Check,
  type LotteryFamily,
  type LotteryLine,
  type LotterySelection,
  type SelectionReason,
} from './types';

type Checked = { ok: true; rule: BetRule; lines: bigint } | { ok: false; reason: SelectionReason };

/** Every check but the line cap; on success, the bet type and the exact number of lines. */
function checkSelection(family: LotteryFamily, selection: LotterySelection): Checked {
  const fail = (reason: SelectionReason): Checked => ({ ok: false, reason });
  const rule = typeof selection?.betType === 'string' ? findBetRule(family, selection.betType) : undefined;
  if (!rule) return fail('UNKNOWN_BET_TYPE');

  if (rule.positions) {
    const p = selection.position;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < rule.positions.lo || p > rule.positions.hi)
      return fail('POSITION');
  } else if (selection.position !== undefined) return fail('POSITION');

  if (rule.options) {
    if (typeof selection.option !== 'string' || !rule.options.includes(selection.option)) return fail('OPTION');
  } else if (selection.option !== undefined) return fail('OPTION');

  const numbers = selection.numbers;
  const spec = rule.picks;
  if (!spec) {
    if (numbers !== undefined && (!Array.isArray(numbers) || numbers.length > 0)) return fail('PICKS_COUNT');
    return { ok: true, rule, lines: 1n };
  }
  if (!Array.isArray(numbers) || numbers.length < spec.min || numbers.length > spec.max) return fail('PICKS_COUNT');
  if (!numbers.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= spec.lo && n <= spec.hi))
    return fail('PICK_RANGE');
  if (rule.isPickAllowed && !numbers.every(rule.isPickAllowed)) return fail('PICK_PATTERN');
  const keys = numbers.map((n) => (rule.pickKey ? rule.pickKey(n) : String(n)));
  if (new Set(keys).size !== keys.length) return fail('DUPLICATE_PICK');

  const lines =
    spec.mode === 'each' ? BigInt(numbers.length) : spec.mode === 'choose' ? choose(numbers.length, spec.perLine) : 1n;
  return { ok: true, rule, lines };
}

/** ok, or the first reason the selection is refused (UNKNOWN_BET_TYPE, POSITION, OPTION, PICKS_COUNT, PICK_RANGE, PICK_PATTERN, DUPLICATE_PICK, TOO_MANY_LINES). */
export function validateSelection(family: LotteryFamily, selection: LotterySelection): Check<SelectionReason> {
  const checked = checkSelection(family, selection);
  if (!checked.ok) return checked;
  if (checked.lines > BigInt(MAX_LINES_PER_SELECTION)) return { ok: false, reason: 'TOO_MANY_LINES' };
  return { ok: true };
}

/** How many lines the selection stands for, without listing them (also above the cap, so a slip can say by how much). */
export function lineCount(family: LotteryFamily, selection: LotterySelection): number {
  const checked = checkSelection(family, selection);
  if (!checked.ok) throw new LotteryInputError(checked.reason);
  return Number(checked.lines);
}

/** A line with only the fields its bet type reads. */
function lineOf(selection: LotterySelection, numbers: number[] | undefined): LotteryLine {
  return {
    betType: selection.betType,
    ...(numbers ? { numbers } : {}),
    ...(selection.position !== undefined ? { position: selection.position } : {}),
    ...(selection.option !== undefined ? { option: selection.option } : {}),
  };
}

/**
 * The single lines of a valid selection: one per pick for single-pick bet types, one per k-subset
 * (picks ascending) for any-k and xiên, one for keno's spots (ascending). Throws LotteryInputError
 * on a selection validateSelection refuses.
 */
export function expandLines(family: LotteryFamily, selection: LotterySelection): LotteryLine[] {
  const check = validateSelection(family, selection);
  if (!check.ok) throw new LotteryInputError(check.reason);
  const spec = findBetRule(family, selection.betType)!.picks;
  if (!spec) return [lineOf(selection, undefined)];
  const picks = selection.numbers!;
  const ascending = [...picks].sort((a, b) => a - b);
  if (spec.mode === 'each') return picks.map((p) => lineOf(selection, [p]));
  if (spec.mode === 'choose') return combinations(ascending, spec.perLine).map((combo) => lineOf(selection, combo));
  return [lineOf(selection, ascending)];
}

/** The bet type of a valid single line; throws LotteryInputError otherwise (settlement must never guess). */
export function getLineRule(family: LotteryFamily, line: LotteryLine): BetRule {
  const checked = checkSelection(family, line);
  if (!checked.ok) throw new LotteryInputError(checked.reason);
  if (checked.lines !== 1n) throw new LotteryInputError('PICKS_COUNT');
  return checked.rule;
}
