// Exact conversions between integer minor units and decimal strings in major units.
// Money never passes through a float: everything here is bigint and string arithmetic.

const MAX_SCALE = 18;

function assertScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`invalid currency scale: ${scale}`);
  }
}

/** Format minor units as an exact decimal string in major units, e.g. (12345n, 2) → "123.45". */
export function formatMinor(minor: bigint | string, scale: number): string {
  assertScale(scale);
  let value: bigint;
  if (typeof minor === 'bigint') {
    value = minor;
  } else {
    if (!/^-?\d+$/.test(minor)) throw new RangeError(`not an integer amount: ${minor}`);
    value = BigInt(minor);
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/**
 * Parse a decimal string in major units into exact minor units, e.g. ("123.4", 2) → 12340n.
 * Throws RangeError for anything that is not a plain decimal or has more decimals than `scale`.
 */
export function parseMajor(str: string, scale: number): bigint {
  assertScale(scale);
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(str.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${str}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new RangeError(`more than ${scale} decimals: ${str}`);
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign ? -minor : minor;
}
