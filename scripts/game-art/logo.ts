// A vendor's logo (scripts/draw-game-art.ts): its category's emblem in a badge of its own shape.
import { escapeXml, FONT, hashOf, PATTERNS } from './svg';
import { MOTIFS } from './motifs';

/** The emblem of a vendor's category on its logo. */
const CATEGORY_MOTIF: Record<string, keyof typeof MOTIFS> = {
  RNG: 'cherry',
  LIVE: 'camera',
  FISH: 'fish',
  PVP: 'cards',
  SPORTS: 'ball',
  ESPORTS: 'pad',
  COCKFIGHT: 'feather',
  ELOTT: 'star',
  LOTT: 'star',
};
/** Badge shapes a hash picks between, around (44, 60). */
const BADGES: ((fill: string) => string)[] = [
  (f) => `<circle cx="44" cy="60" r="32" fill="${f}"/>`,
  (f) => `<path d="M44 26l30 17v34l-30 17-30-17V43z" fill="${f}"/>`,
  (f) => `<path d="M44 26l30 10v24c0 18-14 30-30 36-16-6-30-18-30-36V36z" fill="${f}"/>`,
  (f) => `<rect x="14" y="30" width="60" height="60" rx="16" fill="${f}"/>`,
];

export function drawLogo(vassalage: string, name: string, category: string): string {
  const h = hashOf(vassalage);
  const hue = h.readUInt16BE(0) % 360;
  const code = vassalage === 'inhouse' ? 'IN' : vassalage.slice(0, 4).toUpperCase();
  const emblem = MOTIFS[CATEGORY_MOTIF[category] ?? 'chip']!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="${h[2]! % 2}"><stop offset="0" stop-color="hsl(${hue} 65% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 20%)"/></linearGradient></defs>
<rect width="240" height="120" fill="url(#g)"/>
${PATTERNS[h[3]! % PATTERNS.length]!('#fff')}
${BADGES[h[4]! % BADGES.length]!(`hsl(${hue} 90% 82%)`)}
<g transform="translate(28 44) scale(0.32)">${emblem(`hsl(${hue} 60% 30%)`, `hsl(${(hue + 180) % 360} 70% 45%)`)}</g>
<text x="88" y="52" font-size="${code.length > 3 ? 22 : 26}" font-weight="900" fill="hsl(${hue} 90% 85%)" ${FONT}>${escapeXml(code)}</text>
<text x="88" y="78" font-size="${name.length > 14 ? 13 : 16}" font-weight="700" fill="#fff" ${FONT}>${escapeXml(name.length > 19 ? `${name.slice(0, 18)}…` : name)}</text>
</svg>
`;
}
