// The bet slip's arithmetic: a selection's lines and cost from the shared rules (the server counts
// the same way), quick picks, and stake amounts typed in the operator's currency.
import type { BetRule } from '@wps/shared/lottery/bet-rule';
import { findBetRule } from '@wps/shared/lottery/registry';
import { expandLines, lineCount, validateSelection } from '@wps/shared/lottery/selection';
import { maxLinePayout } from '@wps/shared/lottery/settle';
import type {
  LotteryFamily,
  LotteryLine,
  LotterySelection,
  Paytable,
  SelectionReason,
} from '@wps/shared/lottery/types';

export type SlipEntry = LotterySelection & { stakePerLineMinor: bigint };

/** Lines and cost of a selection, or why the rules refuse it. */
export function priceSelection(
  family: LotteryFamily,
  entry: SlipEntry,
): { ok: true; lines: number; totalMinor: bigint } | { ok: false; reason: SelectionReason } {
  const check = validateSelection(family, entry);
  if (!check.ok) return check;
  const lines = lineCount(family, entry);
  return { ok: true, lines, totalMinor: BigInt(lines) * entry.stakePerLineMinor };
}

/** The slip's total: every entry's stake per line times its lines. */
export function slipTotalMinor(family: LotteryFamily, entries: readonly SlipEntry[]): bigint {
  return entries.reduce((sum, e) => {
    const priced = priceSelection(family, e);
    return priced.ok ? sum + priced.totalMinor : sum;
  }, 0n);
}

export type LinePayout = { line: LotteryLine; payoutMinor: bigint };

/**
 * Each line of a selection with its potential payout: the most the line can win at the game's
 * odds (odds × stake per line; lô's every prize ending), counted as the server counts a ticket's
 * largest payout. Null when the selection is refused or the paytable has no rule for its bet type.
 */
export function linePayouts(family: LotteryFamily, entry: SlipEntry, paytable: Paytable): LinePayout[] | null {
  if (!validateSelection(family, entry).ok) return null;
  try {
    return expandLines(family, entry).map((line) => ({
      line,
      payoutMinor: maxLinePayout(family, line, paytable, entry.stakePerLineMinor),
    }));
  } catch {
    // A paytable without this bet type (an operator's edit the slip read before it): no figure rather than a wrong one.
    return null;
  }
}

/** The slip's potential payout: every line's, summed (what the ticket records as its largest payout). */
export function slipPayoutMinor(family: LotteryFamily, entries: readonly SlipEntry[], paytable: Paytable): bigint {
  return entries.reduce(
    (sum, e) => sum + (linePayouts(family, e, paytable)?.reduce((s, l) => s + l.payoutMinor, 0n) ?? 0n),
    0n,
  );
}

/** How many digits the bet type's picks are shown with ("07" for a two-digit ending), 0 for plain numbers. */
export function pickDigits(rule: BetRule): number {
  const hi = rule.picks?.hi ?? 0;
  return rule.picks?.lo === 0 && hi >= 99 ? String(hi).length : 0;
}

export function pickLabel(rule: BetRule, n: number): string {
  const digits = pickDigits(rule);
  return digits ? String(n).padStart(digits, '0') : String(n);
}

/**
 * A random valid selection of the bet type: its least number of picks (distinct, allowed by the
 * bet type, never two with the same key), a random position and option where it has them.
 * `random` returns [0, 1).
 */
export function quickPick(
  family: LotteryFamily,
  betType: string,
  random: () => number = Math.random,
): LotterySelection {
  const rule = findBetRule(family, betType);
  if (!rule) throw new Error(`unknown bet type ${betType}`);
  const pickInt = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const selection: LotterySelection = { betType };
  if (rule.positions) selection.position = pickInt(rule.positions.lo, rule.positions.hi);
  if (rule.options) selection.option = rule.options[pickInt(0, rule.options.length - 1)];
  if (rule.picks) {
    const { lo, hi, min } = rule.picks;
    const want = Math.max(1, min);
    const chosen: number[] = [];
    const keys = new Set<string>();
    for (let tries = 0; chosen.length < want && tries < 10_000; tries++) {
      const n = pickInt(lo, hi);
      const key = rule.pickKey ? rule.pickKey(n) : String(n);
      if (keys.has(key) || (rule.isPickAllowed && !rule.isPickAllowed(n))) continue;
      keys.add(key);
      chosen.push(n);
    }
    selection.numbers = chosen.sort((a, b) => a - b);
  }
  return selection;
}

/** Picks typed as text ("07 12, 345"): whole numbers separated by spaces or commas; null when any is not a number. */
export function parsePicks(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}
