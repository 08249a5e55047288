// Counting and listing combinations, exactly (bigint counts), for line expansion and the odds.

/** C(n, k) as a bigint; 0 when k is outside 0..n. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let out = 1n;
  for (let i = 0; i < r; i++) out = (out * BigInt(n - i)) / BigInt(i + 1);
  return out;
}

/** Every k-element subset of `items`, in lexicographic order of positions. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const picked: T[] = [];
  const walk = (start: number) => {
    if (picked.length === k) {
      out.push([...picked]);
      return;
    }
    for (let i = start; i <= items.length - (k - picked.length); i++) {
      picked.push(items[i]!);
      walk(i + 1);
      picked.pop();
    }
  };
  walk(0);
  return out;
}
