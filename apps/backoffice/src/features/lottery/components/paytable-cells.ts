import type { Paytable, PayRule } from '@wps/shared/lottery/types';

// A paytable as the cells an operator edits: one multiplier per bet type, per variant, or per
// variant and number of hits. The shape (bet types, variants, hit counts) is the family's and
// stays as it is; only the multipliers change.

export type PaytableCell = { betType: string; variant: string | null; hits: number | null; bp: number };

/** Basis points per 1× of the stake. */
const BP_ONE = 10_000;

export function paytableCells(paytable: Paytable): PaytableCell[] {
  return Object.entries(paytable).flatMap(([betType, rule]): PaytableCell[] => {
    if (rule.kind === 'fixed') return [{ betType, variant: null, hits: null, bp: rule.multiplierBp }];
    if (rule.kind === 'variant')
      return Object.entries(rule.multiplierBp).map(([variant, bp]) => ({ betType, variant, hits: null, bp }));
    return Object.entries(rule.multiplierBp).flatMap(([variant, list]) =>
      list.map((bp, hits) => ({ betType, variant, hits, bp })),
    );
  });
}

/** A multiplier as typed: up to four decimals, with a comma or a point ("9,8" or "9.8"). */
export const MULTIPLIER_PATTERN = /^\d{1,6}([.,]\d{1,4})?$/;

/** "9,8" → 98000 basis points; null when it is not a multiplier. Exact: no floating point. */
export function multiplierToBp(text: string): number | null {
  const trimmed = text.trim();
  if (!MULTIPLIER_PATTERN.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split(/[.,]/);
  return Number(whole) * BP_ONE + Number(fraction.padEnd(4, '0'));
}

/** 98000 → "9,8" in the operator's language (the way it is typed back). */
export function bpToMultiplier(bp: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 4, useGrouping: false }).format(bp / BP_ONE);
}

/** The paytable with the cells' new multipliers, in the cells' order; null if one is not a multiplier. */
export function paytableFromCells(original: Paytable, typed: string[]): Paytable | null {
  const cells = paytableCells(original);
  const bps = typed.map(multiplierToBp);
  if (bps.length !== cells.length || bps.some((bp) => bp === null)) return null;
  const next: Paytable = structuredClone(original);
  cells.forEach((cell, i) => {
    const rule: PayRule = next[cell.betType]!;
    const bp = bps[i]!;
    if (rule.kind === 'fixed') rule.multiplierBp = bp;
    else if (rule.kind === 'variant') rule.multiplierBp[cell.variant!] = bp;
    else rule.multiplierBp[cell.variant!]![cell.hits!] = bp;
  });
  return next;
}
