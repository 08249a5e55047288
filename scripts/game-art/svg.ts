// Shared by the tiles and the logos (scripts/draw-game-art.ts): hashing, text, background patterns.
import crypto from 'node:crypto';

export const FONT = 'font-family="system-ui, sans-serif"';

export function hashOf(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Split a name into at most two lines of about `width` characters. */
export function wrap(name: string, width = 14): string[] {
  const lines: string[] = [''];
  for (const word of name.split(/\s+/)) {
    const current = lines[lines.length - 1]!;
    if (current && `${current} ${word}`.length > width && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** Background patterns a hash picks between. */
export const PATTERNS: ((c: string) => string)[] = [
  (c) =>
    `<g fill="${c}" opacity="0.08">${Array.from({ length: 6 }, (_, i) => `<path d="M100 100L${i * 40 - 20} -10h22z"/>`).join('')}</g>`,
  (c) =>
    `<g fill="${c}" opacity="0.1">${Array.from({ length: 16 }, (_, i) => `<circle cx="${(i % 4) * 56 + 16}" cy="${Math.floor(i / 4) * 56 + 16}" r="5"/>`).join('')}</g>`,
  (c) =>
    `<path d="M0 40q50-30 100 0t100 0M0 90q50-30 100 0t100 0M0 140q50-30 100 0t100 0" stroke="${c}" stroke-width="10" fill="none" opacity="0.08"/>`,
  (c) =>
    `<circle cx="170" cy="170" r="80" fill="${c}" opacity="0.07"/><circle cx="20" cy="30" r="46" fill="${c}" opacity="0.06"/>`,
];
