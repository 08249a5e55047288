import type { AmlRating, AmlReason } from '@wps/shared/schemas/aml';
import type { MonitoringRule } from '@wps/shared/schemas/monitoring';

const DAY = 86_400_000;

/** How far back the monitoring flags count towards a rating: a quarter, three times the longest rules' windows. */
export const AML_LOOKBACK_MS = 90 * DAY;

/**
 * What each monitoring flag adds to a player's score (docs/compliance.md, "Anti-money
 * laundering"). The rules were written to find harm; for money laundering the ones that move
 * money weigh most: money withdrawn and brought back to play (in and out) and deposits rising
 * fast. Chasing losses and raising limits say little of laundering but something of the source
 * of funds; play at night says nothing of it and adds nothing.
 */
export const SIGNAL_POINTS: Record<MonitoringRule, number> = {
  withdrawals_reversed: 3,
  deposits_rising: 2,
  loss_chasing: 1,
  limits_raised: 1,
  night_play: 0,
};

/** A PEP is high risk whatever else is known (Portaria SPA/MF 1.143/2024: enhanced due diligence). */
export const PEP_POINTS = 4;
export const HIGH_AT = 4;
export const MEDIUM_AT = 2;

/** The signals that open a case of their own when a new flag of them is raised: money in and out. */
export const CASE_SIGNALS: readonly MonitoringRule[] = ['withdrawals_reversed'];

export type RatingInput = {
  pep: { role: string | null } | null;
  signals: { rule: MonitoringRule; flags: number }[];
};

export type Rated = { rating: AmlRating; points: number; reasons: AmlReason[] };

/** A player's rating from their PEP status and flags: the points added up against the two thresholds. */
export function rate(input: RatingInput): Rated {
  const reasons: AmlReason[] = [];
  if (input.pep) reasons.push({ kind: 'pep', rule: null, count: 1, points: PEP_POINTS, detail: input.pep.role });
  const signals = [...input.signals].sort((a, b) => a.rule.localeCompare(b.rule));
  for (const s of signals) {
    const points = SIGNAL_POINTS[s.rule] * s.flags;
    if (s.flags > 0 && points > 0) reasons.push({ kind: 'signal', rule: s.rule, count: s.flags, points, detail: null });
  }
  const points = reasons.reduce((sum, r) => sum + r.points, 0);
  const rating: AmlRating = points >= HIGH_AT ? 'high' : points >= MEDIUM_AT ? 'medium' : 'low';
  return { rating, points, reasons };
}

/** The flags of a case signal in a set of reasons (0 when none). */
export function caseSignalFlags(reasons: readonly AmlReason[]): number {
  return reasons
    .filter((r) => r.kind === 'signal' && r.rule !== null && CASE_SIGNALS.includes(r.rule))
    .reduce((sum, r) => sum + r.count, 0);
}
