import type { CSSProperties } from 'react';

/** A mall item's or redemption's name in the interface language (PT for every language but English). */
export function itemName(item: { namePt: string; nameEn: string }, language: string): string {
  return language.toLowerCase().startsWith('en') ? item.nameEn : item.namePt;
}

/** A level's benefits in the interface language, one a line. */
export function benefitLines(level: { benefitsPt: string; benefitsEn: string }, language: string): string[] {
  const text = language.toLowerCase().startsWith('en') ? level.benefitsEn : level.benefitsPt;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A fresh key that makes one redeem or conversion safe to retry. */
export function newRequestKey(): string {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(buf);
  return `p-${Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** How far `value` is towards `target`, 0..1 (a target of 0 is reached). */
export function progressOf(value: string, target: string): number {
  const v = Number(value);
  const g = Number(target);
  if (!(g > 0)) return 1;
  return Math.max(0, Math.min(1, v / g));
}

/** A level's two colours as the badge's CSS variables. */
export function levelColours(level: { color: string; color2: string }): CSSProperties {
  return { '--vip-color': level.color, '--vip-color2': level.color2 } as CSSProperties;
}
