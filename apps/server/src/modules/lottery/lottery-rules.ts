import { LOTTERY_VENDORS, type LotteryPrizeMode } from '@wps/shared/schemas/lottery';

// The lottery's rules as the server uses them: one narrow port over the shared game code
// (packages/shared/src/lottery), which the web page and the stand-alone verifier share, so the
// server never prices, settles or draws any other way than a player can check.

/** What a player picks on one slip line, before its stake. */
export type Selection = {
  betType: string;
  numbers?: number[] | undefined;
  position?: number | undefined;
  option?: string | undefined;
};

export type LotteryRules = {
  /** The selection is well formed for the family; how many single lines it stands for. */
  check(family: string, sel: Selection): { ok: true; lines: number } | { ok: false; reason: string };
  /** What the draw would pay per liability key if that key's outcome came, for this stake per line (all its lines). */
  exposure(family: string, sel: Selection, paytable: unknown, stakePerLineMinor: bigint): Map<string, bigint>;
  /** The most the selection can pay at this stake per line. */
  maxPayout(family: string, sel: Selection, paytable: unknown, stakePerLineMinor: bigint): bigint;
  /**
   * The part of the paytable these selections are paid by (each bet type's rule): what a ticket
   * keeps as its odds, so it is settled at the odds it was sold at whatever the game's paytable
   * says by then. A paytable in itself: `payout` takes it as it takes the game's.
   */
  oddsOf(family: string, paytable: unknown, selections: readonly Selection[]): unknown;
  /** What the selection pays against a result (0 on a loss). */
  payout(family: string, sel: Selection, result: unknown, paytable: unknown, stakePerLineMinor: bigint): bigint;
  /** A fair draw's result from its seed (scripts/verify-lottery.mjs computes the same). */
  fairResult(family: string, serverSeed: string, drawKey: string): unknown;
  checkResult(family: string, result: unknown): boolean;
  checkPaytable(family: string, paytable: unknown): boolean;
  defaultPaytable(family: string): unknown;
  /** Every bet type's (and variant's) exact house edge under the paytable, as a percentage with two decimals. */
  edges(family: string, paytable: unknown): { betType: string; variant: string | null; edgePercent: string }[];
};

/** The catalogue vendor a game's rounds are recorded under. */
export function lotteryVassalage(prizeMode: LotteryPrizeMode): string {
  return prizeMode === 'Elott' ? LOTTERY_VENDORS.quick : LOTTERY_VENDORS.daily;
}
