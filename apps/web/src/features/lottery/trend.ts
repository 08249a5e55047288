// Hot and cold numbers over a game's recent results: how often each number came up. Quick draws
// count their drawn numbers (a digit, a ball, a die face, a car); the Vietnamese draws count every
// prize number's last two digits, the ending lô and xiên bet on.

type ResultLike = { result: unknown };
export type TrendEntry = { value: number; label: string; count: number };
export type Trend = { draws: number; hot: TrendEntry[]; cold: TrendEntry[]; max: number };

function valuesOf(result: unknown): { values: number[]; digits: number } | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as { kind?: unknown; numbers?: unknown; prizes?: unknown };
  if (r.kind === 'numbers' && Array.isArray(r.numbers))
    return { values: r.numbers.filter((n): n is number => typeof n === 'number'), digits: 0 };
  if (r.kind === 'prizes' && Array.isArray(r.prizes)) {
    const endings = (r.prizes as { numbers?: unknown }[])
      .flatMap((p) => (Array.isArray(p?.numbers) ? p.numbers : []))
      .filter((n): n is string => typeof n === 'string' && /^\d{2,}$/.test(n));
    return { values: endings.map((n) => Number(n.slice(-2))), digits: 2 };
  }
  return null;
}

/**
 * The `size` most and least frequent numbers over the decided draws, among the numbers the game
 * can draw (`lo`..`hi`: a number never drawn is as cold as it gets). Ties go to the smaller number.
 * No number is both: with few numbers (a die's six faces) or few draws, the lists would otherwise
 * share the middling ones, so each list takes at most half of the numbers and cold skips the hot.
 */
export function computeTrend(draws: readonly ResultLike[], range: { lo: number; hi: number }, size = 5): Trend {
  const counts = new Map<number, number>();
  for (let v = range.lo; v <= range.hi; v++) counts.set(v, 0);
  let decided = 0;
  let digits = 0;
  for (const draw of draws) {
    const read = valuesOf(draw.result);
    if (!read) continue;
    decided++;
    digits = read.digits;
    for (const v of read.values) if (counts.has(v)) counts.set(v, counts.get(v)! + 1);
  }
  const entries = [...counts].map(([value, count]) => ({
    value,
    count,
    label: digits ? String(value).padStart(digits, '0') : String(value),
  }));
  const shown = Math.min(size, Math.floor(entries.length / 2));
  const hot = [...entries].sort((a, b) => b.count - a.count || a.value - b.value).slice(0, shown);
  const hotValues = new Set(hot.map((e) => e.value));
  const cold = entries
    .filter((e) => !hotValues.has(e.value))
    .sort((a, b) => a.count - b.count || a.value - b.value)
    .slice(0, shown);
  return { draws: decided, hot, cold, max: Math.max(1, ...entries.map((e) => e.count)) };
}
