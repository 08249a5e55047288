// The lottery engine's vocabulary: families (games), results, selections and lines, paytables and
// the stable reason codes the server returns when it refuses one of them. docs/lottery.md describes
// every family and bet type.

export const LOTTERY_FAMILIES = [
  'digits5',
  'digits3',
  'pick11x5',
  'dice3',
  'race10',
  'keno',
  'vn_north',
  'vn_central',
  'vn_south',
] as const;
export type LotteryFamily = (typeof LOTTERY_FAMILIES)[number];

export function isLotteryFamily(value: string): value is LotteryFamily {
  return (LOTTERY_FAMILIES as readonly string[]).includes(value);
}

/** Vietnamese prize tiers ("giải"): special = giải đặc biệt, first = giải nhất, … */
export type VnTier = 'special' | 'first' | 'second' | 'third' | 'fourth' | 'fifth' | 'sixth' | 'seventh' | 'eighth';

/**
 * A draw's result. Quick draws are numbers in draw order (digits by position, a race's finishing
 * order, keno's 20 numbers as drawn); Vietnamese draws are prize tiers whose numbers are strings so
 * leading zeros stay ("05", "00731").
 */
export type LotteryResult =
  | { kind: 'numbers'; numbers: number[] }
  | { kind: 'prizes'; prizes: { tier: VnTier; numbers: string[] }[] };

/**
 * What the player picks on one slip entry. `numbers` are the picks (digits, numbers, sums, faces,
 * cars or two-digit endings as whole numbers: 7 is "07" where a bet type reads two digits);
 * `position` is 1-based where the bet type names a place; `option` names a side (big, odd, dragon…).
 * One flat shape keeps one schema for the slip across all families; each bet type says which
 * fields it reads and refuses the others.
 */
export type LotterySelection = { betType: string; numbers?: number[]; position?: number; option?: string };

/** A single line: a selection that stands for exactly one line (what expandLines returns). */
export type LotteryLine = LotterySelection;

/** A selection above this many lines is refused (TOO_MANY_LINES): a slip stays small to price and store. */
export const MAX_LINES_PER_SELECTION = 1000;

/** Multipliers are in basis points of the stake: 10000 = 1×, the total return including the stake. */
export const BP_ONE = 10_000;
/** The largest multiplier a paytable may hold: 1,000,000× the stake. */
export const MAX_MULTIPLIER_BP = 10_000_000_000;

export type SelectionReason =
  | 'UNKNOWN_BET_TYPE'
  | 'PICKS_COUNT'
  | 'PICK_RANGE'
  | 'DUPLICATE_PICK'
  | 'PICK_PATTERN'
  | 'POSITION'
  | 'OPTION'
  | 'TOO_MANY_LINES';

export type ResultReason =
  | 'RESULT_KIND'
  | 'RESULT_COUNT'
  | 'RESULT_RANGE'
  | 'RESULT_DUPLICATE'
  | 'PRIZE_TIERS'
  | 'PRIZE_DIGITS';

export type PaytableReason =
  | 'MISSING_BET_TYPE'
  | 'UNKNOWN_BET_TYPE'
  | 'RULE_KIND'
  | 'MULTIPLIER'
  | 'VARIANTS'
  | 'EDGE_NEGATIVE';

export type Check<R extends string> = { ok: true } | { ok: false; reason: R };

/**
 * How one bet type pays, in basis points of the stake per line:
 * - fixed: one multiplier for a winning line;
 * - variant: one multiplier per variant of the line (dice sum by value, digits3 box by group);
 * - hits: per variant (keno: number of picks), a list indexed by the number of hits (0..picks).
 * Per-hit bet types (lô) use `fixed`: the multiplier is paid once for every hit.
 */
export type PayRule =
  | { kind: 'fixed'; multiplierBp: number }
  | { kind: 'variant'; multiplierBp: Record<string, number> }
  | { kind: 'hits'; multiplierBp: Record<string, number[]> };

/** A family's paytable: one rule per bet type code. Plain JSON, so the back office stores and edits it. */
export type Paytable = Record<string, PayRule>;

/** Thrown where a function needs input its validate* counterpart would have refused; `reason` says why. */
export class LotteryInputError extends Error {
  constructor(readonly reason: SelectionReason | ResultReason | PaytableReason) {
    super(`lottery: ${reason}`);
    this.name = 'LotteryInputError';
  }
}
