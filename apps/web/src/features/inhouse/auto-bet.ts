/**
 * The rules of an original's auto-bet (docs/decisions.md "Auto-bet on the house originals"), kept
 * apart from React so the arithmetic is plain: every amount is bigint minor units, a percentage a
 * whole number, and nothing is ever a float.
 */

/** At most this many bets per run, "unlimited" included: carrying on past it takes a new press of Start. */
export const AUTO_BET_MAX_BETS = 1000;
/** The largest stake increase after a win or a loss, in whole percent (a doubling is 100). */
export const AUTO_BET_MAX_PERCENT = 1000;
/** The pause between one bet's answer and the next bet, so each result can be seen (and heard by a screen reader). */
export const AUTO_BET_PAUSE_MS = 400;
/** The pause under reduced motion: results still change in place, so they change less often. */
export const AUTO_BET_REDUCED_MOTION_PAUSE_MS = 1000;

/** What the stake does after a win or a loss: back to the base stake, or up by a whole percentage of the last one. */
export type StakeRule = { mode: 'reset' } | { mode: 'increase'; percent: number };

export type AutoBetSettings = {
  /** How many bets; null for unlimited (still at most AUTO_BET_MAX_BETS). */
  count: number | null;
  onWin: StakeRule;
  onLoss: StakeRule;
  /** Stop once the run's net result is at least this profit, or null. */
  stopProfitMinor: bigint | null;
  /** Stop once the run's net result is at least this loss, or null. */
  stopLossMinor: bigint | null;
};

/** The stakes the game accepts: from min to max, in multiples of step. */
export type StakeBounds = { min: bigint; max: bigint; step: bigint };

/** Why a run ended. 'error' carries the refusal's message alongside (an RG_* limit, funds, the network…). */
export type AutoBetStop = 'count' | 'profit' | 'loss' | 'player' | 'hidden' | 'balance' | 'maxStake' | 'error';

/**
 * The next bet's stake after a round that staked `last` and paid `payout`. A win (paid more than
 * staked) follows `onWin`, a loss (paid less) `onLoss`, a round that paid the stake back leaves it
 * as it was. An increase is `last × (100 + percent) / 100`, rounded down to the game's step but
 * never below `last + step`, so a small percentage on a small stake still moves it. The result may
 * pass `bounds.max`: the run stops then rather than bet a stake the player did not see coming.
 */
export function nextStake(
  base: bigint,
  last: bigint,
  payout: bigint,
  settings: Pick<AutoBetSettings, 'onWin' | 'onLoss'>,
  bounds: StakeBounds,
): bigint {
  if (payout === last) return last;
  const rule = payout > last ? settings.onWin : settings.onLoss;
  if (rule.mode === 'reset') return base;
  const raised = (last * BigInt(100 + rule.percent)) / 100n;
  const stepped = raised - (raised % bounds.step);
  return stepped > last ? stepped : last + bounds.step;
}

/** Why the run stops after a settled bet (count, profit or loss reached), or null to go on. */
export function stopAfterBet(bets: number, netMinor: bigint, settings: AutoBetSettings): AutoBetStop | null {
  if (settings.stopProfitMinor !== null && netMinor >= settings.stopProfitMinor) return 'profit';
  if (settings.stopLossMinor !== null && -netMinor >= settings.stopLossMinor) return 'loss';
  if (bets >= Math.min(settings.count ?? AUTO_BET_MAX_BETS, AUTO_BET_MAX_BETS)) return 'count';
  return null;
}

/**
 * The stop-on-loss a run may have when the player has a loss limit: never above the smallest
 * room the limits leave, since the wallet refuses a stake past it anyway. An empty stop-on-loss
 * becomes that room. `clamped` says the page must tell the player.
 */
export function clampStopLoss(
  stopLossMinor: bigint | null,
  lossRoomMinor: bigint | null,
): { stopLossMinor: bigint | null; clamped: boolean } {
  if (lossRoomMinor === null) return { stopLossMinor, clamped: false };
  if (stopLossMinor === null || stopLossMinor > lossRoomMinor) return { stopLossMinor: lossRoomMinor, clamped: true };
  return { stopLossMinor, clamped: false };
}

/** A typed bet count: empty is unlimited (null), otherwise a whole number 1…AUTO_BET_MAX_BETS, or undefined when invalid. */
export function parseBetCount(text: string): number | null | undefined {
  const typed = text.trim();
  if (typed === '' || typed === '∞') return null;
  if (!/^\d{1,4}$/.test(typed)) return undefined;
  const count = Number(typed);
  return count >= 1 && count <= AUTO_BET_MAX_BETS ? count : undefined;
}

/** A typed increase: a whole percentage 1…AUTO_BET_MAX_PERCENT ("%" allowed), or null when invalid. */
export function parsePercent(text: string): number | null {
  const typed = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,4}$/.test(typed)) return null;
  const percent = Number(typed);
  return percent >= 1 && percent <= AUTO_BET_MAX_PERCENT ? percent : null;
}
