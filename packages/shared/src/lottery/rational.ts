// Exact probabilities and house edges: fractions of bigints, always reduced with a positive
// denominator, so two equal values compare equal field by field and no float ever rounds a figure.

export type Rational = { num: bigint; den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** num/den reduced, with the sign on the numerator. */
export function ratio(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('ratio: zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

export function addRational(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function subRational(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mulRational(a: Rational, b: Rational): Rational {
  return ratio(a.num * b.num, a.den * b.den);
}

/** a^k for a whole k ≥ 0. */
export function powRational(a: Rational, k: number): Rational {
  return ratio(a.num ** BigInt(k), a.den ** BigInt(k));
}

export function sumRationals(values: readonly Rational[]): Rational {
  return values.reduce(addRational, ZERO);
}

/** The value as a percentage with 2 decimals, rounded half away from zero: 1/40 → "2.50%". */
export function formatPercent(value: Rational): string {
  const negative = value.num < 0n;
  const abs = negative ? -value.num : value.num;
  // Hundredths of a percent, rounded half up on the absolute value.
  const hundredths = (abs * 10_000n * 2n + value.den) / (value.den * 2n);
  const whole = hundredths / 100n;
  const frac = (hundredths % 100n).toString().padStart(2, '0');
  return `${negative && hundredths > 0n ? '-' : ''}${whole}.${frac}%`;
}
