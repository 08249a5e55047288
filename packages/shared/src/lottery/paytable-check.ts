// Checking a paytable the back office edits: every bet type priced with the right kind of rule,
// whole multipliers in range, every variant present, and no price that hands the player an edge.
import { houseEdges } from './house-edge';
import { betRulesOf } from './registry';
import { MAX_MULTIPLIER_BP, type LotteryFamily, type Paytable, type PaytableReason } from './types';

export type PaytableCheck = { ok: true } | { ok: false; reason: PaytableReason; betType: string; variant?: string };

const isMultiplier = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_MULTIPLIER_BP;

/** ok, or the first problem with the bet type (and variant) it concerns. */
export function validatePaytable(family: LotteryFamily, paytable: Paytable): PaytableCheck {
  const rules = betRulesOf(family);
  const table: Record<string, unknown> = paytable && typeof paytable === 'object' ? paytable : {};
  const unknown = Object.keys(table).find((code) => !rules.some((r) => r.code === code));
  if (unknown !== undefined) return { ok: false, reason: 'UNKNOWN_BET_TYPE', betType: unknown };

  for (const rule of rules) {
    const betType = rule.code;
    const pay = paytable[betType];
    if (!pay || typeof pay !== 'object') return { ok: false, reason: 'MISSING_BET_TYPE', betType };
    const kind = rule.pay === 'per_hit' ? 'fixed' : rule.pay;
    if (pay.kind !== kind) return { ok: false, reason: 'RULE_KIND', betType };
    if (pay.kind === 'fixed') {
      if (!isMultiplier(pay.multiplierBp)) return { ok: false, reason: 'MULTIPLIER', betType };
      continue;
    }
    const byVariant: Record<string, unknown> =
      pay.multiplierBp && typeof pay.multiplierBp === 'object' ? pay.multiplierBp : {};
    const variants = rule.variants ?? [];
    if (Object.keys(byVariant).length !== variants.length || !variants.every((v) => v in byVariant))
      return { ok: false, reason: 'VARIANTS', betType };
    for (const variant of variants) {
      const value = byVariant[variant];
      if (pay.kind === 'variant' && !isMultiplier(value)) return { ok: false, reason: 'MULTIPLIER', betType, variant };
      if (pay.kind === 'hits') {
        // One entry per possible number of hits: 0..spots.
        if (!Array.isArray(value) || value.length !== rule.distribution(variant).length)
          return { ok: false, reason: 'VARIANTS', betType, variant };
        if (!value.every(isMultiplier)) return { ok: false, reason: 'MULTIPLIER', betType, variant };
      }
    }
  }

  const generous = houseEdges(family, paytable).find((e) => e.edge.num < 0n);
  if (generous)
    return {
      ok: false,
      reason: 'EDGE_NEGATIVE',
      betType: generous.betType,
      ...(generous.variant !== undefined ? { variant: generous.variant } : {}),
    };
  return { ok: true };
}
