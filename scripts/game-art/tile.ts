// A game's tile (scripts/draw-game-art.ts): its design from the node id and name, then the SVG.
import { escapeXml, FONT, hashOf, PATTERNS, wrap } from './svg';
import { MOTIFS } from './motifs';
import { LOTTERY_CLASSIFIES, lottoMotif, THEMES, themeOf } from './themes';

/** Where the motif and the name go: [motif x, y, scale, name baseline y, name anchor x, anchor]. */
const LAYOUTS: [number, number, number, number, number, 'middle' | 'start'][] = [
  [48, 16, 1.04, 150, 100, 'middle'],
  [56, 64, 1.0, 40, 100, 'middle'],
  [96, 52, 0.98, 62, 14, 'start'],
];

/** What a tile is drawn from: its motif (lottery balls carry the name's own numbers), layout and background pattern. */
export function tileDesign(
  nodeId: string,
  name: string,
  classify: string,
): { motif: string; layout: number; pattern: number; flip: number; hue: number } {
  const h = hashOf(nodeId);
  const theme = themeOf(name, classify, h[6]!);
  // Lottery games show balls, unless their name has a motif of its own (dice, a race).
  const themed = THEMES.some(([pattern]) => pattern.test(name));
  const motif = classify === 'lotto' || (LOTTERY_CLASSIFIES.has(classify) && !themed) ? 'lotto' : theme.motif;
  return {
    motif,
    layout: h[2]! % LAYOUTS.length,
    pattern: h[5]! % PATTERNS.length,
    flip: h[3]! % 2,
    hue: theme.hue ?? h.readUInt16BE(0) % 360,
  };
}

export function drawTile(nodeId: string, name: string, classify: string, vassalage: string): string {
  const h = hashOf(nodeId);
  const design = tileDesign(nodeId, name, classify);
  const { hue } = design;
  const motif = design.motif === 'lotto' ? lottoMotif(name) : MOTIFS[design.motif]!;
  const [mx, my, scale, ty, tx, anchor] = LAYOUTS[design.layout]!;
  const lines = wrap(name, anchor === 'start' ? 9 : 14);
  const size = anchor === 'start' ? 16 : 17;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${tx}" y="${ty + i * 20 - (anchor === 'middle' ? (lines.length - 1) * 10 : 0)}" font-size="${size}" font-weight="800" text-anchor="${anchor}" fill="#fff" ${FONT}>${escapeXml(line)}</text>`,
    )
    .join('');
  const initial = escapeXml(
    name
      .replace(/[^A-Za-z0-9]/g, '')
      .charAt(0)
      .toUpperCase(),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="${design.flip}" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 44%)"/><stop offset="1" stop-color="hsl(${(hue + 30 + (h[4]! % 50)) % 360} 70% 20%)"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
${PATTERNS[design.pattern]!('#fff')}
<text x="${anchor === 'start' ? 186 : 14}" y="${anchor === 'start' ? 190 : 112}" font-size="96" font-weight="900" text-anchor="${anchor === 'start' ? 'end' : 'start'}" fill="#fff" opacity="0.07" ${FONT}>${initial}</text>
<g transform="translate(${mx} ${my}) scale(${scale})">${motif(`hsl(${(hue + 20) % 360} 90% 86%)`, `hsl(${(hue + 180) % 360} 85% 60%)`)}</g>
${text}
<text x="100" y="193" font-size="10" font-weight="600" text-anchor="middle" fill="#fff" opacity="0.75" ${FONT}>${escapeXml(vassalage.toUpperCase())}</text>
</svg>
`;
}
