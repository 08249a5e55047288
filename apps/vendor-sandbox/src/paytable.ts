import crypto from 'node:crypto';

// The slot's outcome table and the money formatting the sandbox's pages and answers share.

/**
 * Slot-like outcome table: multiplier ×10 and its weight. Its RTP is exactly 95.5 % (Σ multiplier ×
 * weight / 10 / Σ weight), the figure the demo catalogue states for every SBX and SBT game (catalogue.seed.ts).
 */
export const PAYTABLE: [number, number][] = [
  [0, 52],
  [5, 13],
  [10, 15],
  [20, 12],
  [50, 6],
  [100, 2],
];

export function drawMultiplierTenths(): number {
  const total = PAYTABLE.reduce((s, [, w]) => s + w, 0);
  let r = crypto.randomInt(total);
  for (const [m, w] of PAYTABLE) {
    if (r < w) return m;
    r -= w;
  }
  return 0;
}

export function formatMinor(minor: bigint, scale: number): string {
  const neg = minor < 0n;
  const digits = (neg ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return `${neg ? '-' : ''}${whole}${scale > 0 ? `.${digits.slice(digits.length - scale)}` : ''}`;
}
