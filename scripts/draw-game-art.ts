/**
 * Draws the demo operator's vendor logos and game tiles as SVG into apps/web/public/games/
 * (ui guide: imagery is drawn by the project, nothing is fetched). Deterministic: the same
 * catalogue always gives the same files, so the output is committed.
 *
 * Each tile is drawn from its own game: the theme words of its name pick the motif (a lantern, a
 * koi, a snowflake, a pyramid…) and the palette (frost is cold, lava is hot), its classify stands
 * in when no word is known, and a hash of the node id picks the layout and the background
 * pattern, so two games never share one template in another colour. The name is set in the art.
 * Vendor logos carry their category's emblem in a badge of their own shape.
 *
 *   npx tsx scripts/draw-game-art.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoCatalogue } from '../apps/server/src/modules/catalogue/catalogue.seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/games');
const FONT = 'font-family="system-ui, sans-serif"';

function hashOf(text: string): Buffer {
  return crypto.createHash('sha256').update(text).digest();
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Split a name into at most two lines of about `width` characters. */
function wrap(name: string, width = 14): string[] {
  const lines: string[] = [''];
  for (const word of name.split(/\s+/)) {
    const current = lines[lines.length - 1]!;
    if (current && `${current} ${word}`.length > width && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** A motif drawn in a 100×100 box: `a` the light colour, `b` the accent. */
type Motif = (a: string, b: string) => string;

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

const MOTIFS: Record<string, Motif> = {
  lantern: (a, b) =>
    `<rect x="44" y="8" width="12" height="10" fill="${b}"/><path d="M28 24h44l-6 58h-32z" fill="${b}"/><path d="M34 30h32l-5 46h-22z" fill="${a}"/><rect x="26" y="82" width="48" height="8" rx="3" fill="${b}"/>`,
  gem: (a, b) =>
    `<path d="M18 36l16-20h32l16 20-32 52z" fill="${a}"/><path d="M18 36h64M34 16l16 20 16-20M50 36v52" stroke="${b}" stroke-width="3" fill="none"/>`,
  leaf: (a, b) =>
    `<path d="M14 86C14 40 48 12 88 12 88 56 58 86 14 86z" fill="${a}"/><path d="M14 86L70 30M40 60h-14M52 48V32" stroke="${b}" stroke-width="4" fill="none"/>`,
  drum: (a, b) =>
    `<ellipse cx="50" cy="34" rx="34" ry="12" fill="${a}"/><path d="M16 34v36c0 7 15 12 34 12s34-5 34-12V34" fill="${b}"/><path d="M20 40l12 38M40 46l4 36M60 46l-4 36M80 40l-12 38" stroke="${a}" stroke-width="3"/><path d="M70 6l-18 26M88 10l-26 24" stroke="${a}" stroke-width="5" stroke-linecap="round"/>`,
  star: (a, b) => `${star(50, 50, 42, a)}${star(50, 52, 18, b)}`,
  pyramid: (a, b) =>
    `<circle cx="74" cy="24" r="14" fill="${b}"/><path d="M8 88L46 26l38 62z" fill="${a}"/><path d="M46 26l38 62H58z" fill="${b}" opacity="0.6"/>`,
  fish: (a, b) =>
    `<path d="M8 50C30 18 66 18 80 50 66 82 30 82 8 50z" fill="${a}"/><path d="M78 50l18-18v36z" fill="${b}"/><circle cx="28" cy="44" r="5" fill="${b}"/><path d="M42 30c6 12 6 28 0 40" stroke="${b}" stroke-width="3" fill="none"/>`,
  bolt: (a, b) =>
    `<path d="M58 4L20 56h26l-8 40 42-58H54z" fill="${a}" stroke="${b}" stroke-width="3" stroke-linejoin="round"/>`,
  snow: (a, b) =>
    `<g stroke="${a}" stroke-width="7" stroke-linecap="round"><path d="M50 6v88M12 28l76 44M12 72l76-44"/></g><g stroke="${b}" stroke-width="4" stroke-linecap="round" fill="none"><path d="M38 14l12 12 12-12M38 86l12-12 12 12"/></g>`,
  pearl: (a, b) =>
    `<path d="M10 60c10-34 70-34 80 0z" fill="${b}"/><circle cx="50" cy="54" r="20" fill="${a}"/><circle cx="44" cy="48" r="6" fill="#fff" opacity="0.8"/><path d="M10 60h80l-8 20H18z" fill="${b}" opacity="0.8"/>`,
  candy: (a, b) =>
    `<path d="M14 36l16 14-16 14zM86 36L70 50l16 14z" fill="${b}"/><circle cx="50" cy="50" r="22" fill="${a}"/><path d="M34 38c10 8 22 16 32 24M36 56c8-10 18-16 28-18" stroke="${b}" stroke-width="5" fill="none"/>`,
  paw: (a, b) =>
    `<ellipse cx="50" cy="66" rx="22" ry="18" fill="${a}"/>${[
      [22, 40],
      [38, 22],
      [62, 22],
      [78, 40],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="9" ry="12" fill="${b}"/>`)
      .join('')}`,
  chest: (a, b) =>
    `<path d="M12 44c0-22 76-22 76 0z" fill="${b}"/><rect x="12" y="44" width="76" height="42" rx="4" fill="${a}"/><rect x="12" y="44" width="76" height="8" fill="${b}"/><rect x="42" y="48" width="16" height="18" rx="3" fill="${b}"/>`,
  cherry: (a, b) =>
    `<path d="M30 64C36 38 50 20 70 10M66 66C64 40 66 24 70 10" stroke="${b}" stroke-width="5" fill="none"/><path d="M70 10c10 6 18 6 24 0-8-6-16-6-24 0z" fill="${b}"/><circle cx="28" cy="72" r="18" fill="${a}"/><circle cx="68" cy="74" r="18" fill="${a}"/>`,
  moon: (a, b) =>
    `<path d="M64 8A42 42 0 1 0 92 70 34 34 0 1 1 64 8z" fill="${a}"/>${star(26, 24, 8, b)}${star(80, 26, 6, b)}`,
  tower: (a, b) =>
    `<path d="M30 92V30h40v62z" fill="${a}"/><path d="M26 30h48L50 6z" fill="${b}"/><rect x="44" y="44" width="12" height="18" rx="6" fill="${b}"/><path d="M22 92h56" stroke="${b}" stroke-width="6"/>`,
  temple: (a, b) =>
    `<path d="M8 34L50 8l42 26z" fill="${b}"/><path d="M16 30h68v8H16zM16 84h68v8H16z" fill="${a}"/>${[22, 40, 58, 76].map((x) => `<rect x="${x - 4}" y="40" width="9" height="42" fill="${a}"/>`).join('')}`,
  volcano: (a, b) =>
    `<path d="M4 94L38 34h24l34 60z" fill="${a}"/><path d="M38 34h24l-6 14-6-6-6 8z" fill="${b}"/><path d="M50 30c-6-8 2-16-4-26M60 28c6-8 0-14 8-20" stroke="${b}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  bag: (a, b) =>
    `<path d="M36 26h28l-6 10c22 8 30 28 26 48H16c-4-20 4-40 26-48z" fill="${a}"/><path d="M36 26l-8-14h44l-8 14" fill="${b}"/><text x="50" y="76" font-size="30" font-weight="900" text-anchor="middle" fill="${b}" ${FONT}>$</text>`,
  shield: (a, b) =>
    `<path d="M50 8l36 14v28c0 22-16 38-36 46-20-8-36-24-36-46V22z" fill="${a}"/><path d="M14 30C6 22 8 10 16 4M86 30c8-8 6-20-2-26" stroke="${b}" stroke-width="7" fill="none" stroke-linecap="round"/><path d="M50 20v68M22 46h56" stroke="${b}" stroke-width="5"/>`,
  bell: (a, b) =>
    `<path d="M50 10c20 0 30 16 30 34v20l8 12H12l8-12V44c0-18 10-34 30-34z" fill="${a}"/><circle cx="50" cy="84" r="8" fill="${b}"/><path d="M30 46c0-10 6-18 14-20" stroke="${b}" stroke-width="4" fill="none"/>`,
  lotus: (a, b) =>
    `<path d="M50 16c12 16 12 40 0 60-12-20-12-44 0-60z" fill="${a}"/><path d="M50 76C30 76 14 60 12 40c18 2 32 16 38 36zM50 76c20 0 36-16 38-36-18 2-32 16-38 36z" fill="${b}"/><path d="M14 86h72" stroke="${a}" stroke-width="4"/>`,
  rocket: (a, b) =>
    `<path d="M50 4c18 14 22 40 14 62H36C28 44 32 18 50 4z" fill="${a}"/><circle cx="50" cy="34" r="8" fill="${b}"/><path d="M36 52L20 72l18-4M64 52l16 20-18-4" fill="${b}"/><path d="M42 70l8 24 8-24z" fill="${b}"/>`,
  balloon: (a, b) =>
    `<ellipse cx="40" cy="36" rx="24" ry="30" fill="${a}"/><ellipse cx="70" cy="44" rx="18" ry="22" fill="${b}"/><path d="M40 66c4 10-6 16 0 28M70 66c-2 10 6 16 0 26" stroke="${a}" stroke-width="2" fill="none"/>`,
  cards: (a, b) =>
    `<rect x="14" y="20" width="40" height="58" rx="6" fill="${a}" transform="rotate(-12 34 49)"/><rect x="44" y="16" width="40" height="58" rx="6" fill="#fff" transform="rotate(10 64 45)"/><path d="M64 34l9 12-9 12-9-12z" fill="${b}" transform="rotate(10 64 45)"/>`,
  chip: (a, b) =>
    `<circle cx="50" cy="50" r="40" fill="${a}"/><circle cx="50" cy="50" r="40" fill="none" stroke="${b}" stroke-width="10" stroke-dasharray="14 12"/><circle cx="50" cy="50" r="20" fill="${b}"/>`,
  wheel: (a, b) =>
    `<circle cx="50" cy="50" r="42" fill="${a}"/><circle cx="50" cy="50" r="30" fill="none" stroke="${b}" stroke-width="12" stroke-dasharray="8 8"/><path d="M50 50L50 12" stroke="${b}" stroke-width="4"/><circle cx="50" cy="50" r="8" fill="${b}"/>`,
  dice: (a, b) =>
    `<rect x="10" y="22" width="50" height="50" rx="10" fill="${a}"/><rect x="46" y="38" width="44" height="44" rx="9" fill="${b}"/>${[
      [22, 34],
      [48, 60],
      [35, 47],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${b}"/>`)
      .join('')}${[
      [58, 50],
      [78, 70],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${a}"/>`)
      .join('')}`,
  dragon: (a, b) =>
    `<path d="M10 70c10-30 30-46 56-46 10 0 18 6 22 14l-12 2c4 8 2 16-6 20-10-10-24-8-32 4-8 12-18 14-28 6z" fill="${a}"/><circle cx="74" cy="34" r="4" fill="${b}"/><path d="M40 30l-6-14 14 8M56 24l2-16 8 14" fill="${b}"/>`,
  ball: (a, b) =>
    `<circle cx="50" cy="50" r="42" fill="${a}"/><path d="M50 30l19 14-7 22H38l-7-22z" fill="${b}"/><path d="M50 8v22M69 44l20-8M62 66l12 18M38 66L26 84M31 44l-20-8" stroke="${b}" stroke-width="4"/>`,
  pad: (a, b) =>
    `<path d="M22 30h56c12 0 18 10 18 26 0 16-6 26-14 26-8 0-12-12-22-12H40c-10 0-14 12-22 12S4 72 4 56c0-16 6-26 18-26z" fill="${a}"/><path d="M24 46v16M16 54h16" stroke="${b}" stroke-width="6"/><circle cx="70" cy="48" r="5" fill="${b}"/><circle cx="80" cy="58" r="5" fill="${b}"/>`,
  feather: (a, b) =>
    `<path d="M82 8C40 12 16 44 14 88 40 74 74 48 82 8z" fill="${a}"/><path d="M14 88L70 24M30 64h18M40 50h16M52 38h12" stroke="${b}" stroke-width="4"/>`,
  camera: (a, b) =>
    `<rect x="8" y="30" width="62" height="44" rx="8" fill="${a}"/><path d="M70 44l22-12v40L70 60z" fill="${b}"/><circle cx="30" cy="52" r="10" fill="${b}"/><circle cx="84" cy="16" r="7" fill="#ff4d5e"/>`,
  trophy: (a, b) =>
    `<path d="M28 10h44v26c0 16-10 26-22 28-12-2-22-12-22-28z" fill="${a}"/><path d="M28 18H12c0 14 8 22 18 22M72 18h16c0 14-8 22-18 22" stroke="${a}" stroke-width="5" fill="none"/><rect x="44" y="62" width="12" height="16" fill="${b}"/><rect x="28" y="78" width="44" height="12" rx="3" fill="${b}"/>${star(50, 32, 10, b)}`,
  // The house originals: a multiplier climbing past its target line, pegs over a falling ball, a keno board.
  limbo: (a, b) =>
    `<path d="M8 36h84" stroke="${a}" stroke-width="4" stroke-dasharray="8 6"/><path d="M10 90C40 86 62 64 76 18" stroke="${b}" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M66 20l12-14 10 18z" fill="${b}"/><text x="34" y="70" font-size="26" font-weight="900" text-anchor="middle" fill="${a}" ${FONT}>2×</text>`,
  pegs: (a, b) =>
    `${[0, 1, 2, 3, 4]
      .flatMap((row) =>
        Array.from(
          { length: row + 2 },
          (_, i) => `<circle cx="${50 + (i - (row + 1) / 2) * 16}" cy="${14 + row * 15}" r="4" fill="${a}"/>`,
        ),
      )
      .join('')}<circle cx="58" cy="37" r="7" fill="${b}"/><path d="M6 94h88" stroke="${a}" stroke-width="4"/>`,
  // Mines: a 4×4 grid with a gem and a mine turned; hi-lo: two cards with the up and down arrows.
  mines: (a, b) =>
    `${Array.from({ length: 16 }, (_, i) => `<rect x="${8 + (i % 4) * 22}" y="${8 + Math.floor(i / 4) * 22}" width="18" height="18" rx="4" fill="${a}"/>`).join('')}<path d="M39 38l6-6h6l6 6-9 10z" fill="${b}"/><circle cx="63" cy="63" r="7" fill="${b}"/><path d="M63 52v4M63 70v4M52 63h4M70 63h4" stroke="${b}" stroke-width="3"/>`,
  hilo: (a, b) =>
    `<rect x="10" y="18" width="42" height="62" rx="6" fill="${a}"/><rect x="44" y="24" width="42" height="62" rx="6" fill="${b}"/><text x="65" y="66" font-size="28" font-weight="900" text-anchor="middle" fill="${a}" ${FONT}>K</text><path d="M24 40l8-10 8 10zM24 58l8 10 8-10z" fill="${b}"/>`,
  keno: (a, b) =>
    Array.from({ length: 16 }, (_, i) => {
      const hit = [1, 6, 11, 12].includes(i);
      return `<rect x="${8 + (i % 4) * 22}" y="${8 + Math.floor(i / 4) * 22}" width="18" height="18" rx="5" fill="${hit ? b : a}"/>`;
    }).join(''),
  // Crash: the multiplier's curve rising until it bursts at the crash point.
  bust: (a, b) =>
    `<path d="M8 90C36 88 56 72 68 34" stroke="${a}" stroke-width="8" fill="none" stroke-linecap="round"/>${[
      0, 45, 90, 135, 180, 225, 270, 315,
    ]
      .map(
        (deg) =>
          `<path d="M70 30l${Math.round(14 * Math.cos((deg * Math.PI) / 180))} ${Math.round(14 * Math.sin((deg * Math.PI) / 180))}" stroke="${b}" stroke-width="5" stroke-linecap="round"/>`,
      )
      .join(
        '',
      )}<circle cx="70" cy="30" r="7" fill="${b}"/><text x="32" y="58" font-size="22" font-weight="900" text-anchor="middle" fill="${a}" ${FONT}>×</text>`,
  bull: (a, b) =>
    `<path d="M22 30C8 26 4 12 10 6c4 12 14 16 24 16M78 30c14-4 18-18 12-24-4 12-14 16-24 16" fill="${b}"/><path d="M26 24h48c6 20 2 48-24 66C24 72 20 44 26 24z" fill="${a}"/><ellipse cx="50" cy="72" rx="14" ry="9" fill="${b}"/>`,
};

/**
 * Theme words, in order, with their motif and, for words that carry a temperature, a hue. The first word of the
 * name found here wins; a name with none falls back to its classify.
 */
const THEMES: [RegExp, keyof typeof MOTIFS | (keyof typeof MOTIFS)[], number?][] = [
  [/lantern/i, 'lantern', 8],
  [/ruby/i, 'gem', 350],
  [/gems?|quartz/i, 'gem'],
  [/jade/i, 'temple', 150],
  [/jungle|amazon|safari/i, 'leaf', 110],
  [/drums|samba|rio|rhythm/i, 'drum'],
  [/carnival/i, 'balloon'],
  [/nebula|cosmic|star/i, 'star', 250],
  [/pharaoh|desert|mirage/i, 'pyramid', 38],
  [/koi|shark|reef|ocean|hunter|coral|blaster/i, 'fish', 195],
  [/kraken/i, 'fish', 265],
  [/orchard|fruits|harvest/i, 'cherry'],
  [/neon|electric|thunder|olympus|lightning/i, 'bolt'],
  [/frost|glacier|winter/i, 'snow', 205],
  [/dragon tiger/i, 'cards'],
  [/dragon|pearl/i, 'pearl'],
  [/candy/i, 'candy', 320],
  [/bison|wolf|fox/i, 'paw'],
  [/treasure|pirate|tiki|plunder/i, 'chest', 30],
  [/moon|midnight/i, 'moon', 235],
  [/tower/i, 'tower'],
  [/temple/i, 'temple'],
  [/lava/i, 'volcano', 10],
  [/heist|cash|fortune/i, 'bag', 130],
  [/viking/i, 'shield'],
  [/bells|xmas/i, 'bell', 0],
  [/zen|garden/i, 'lotus', 160],
  [/rocket/i, 'rocket'],
  [/balloon/i, 'balloon'],
  [/blackjack/i, 'chip'],
  [/poker|teen|rummy|baccarat/i, 'cards'],
  [/bull/i, 'bull'],
  [/roulette|wheel/i, 'wheel'],
  [/sic bo|dice|provable/i, 'dice'],
  [/limbo/i, 'limbo'],
  [/plinko/i, 'pegs'],
  [/house keno/i, 'keno'],
  [/^mines$/i, 'mines'],
  [/^hi-lo$/i, 'hilo'],
  [/^crash$/i, 'bust'],
  [/lucky|fives/i, 'star', 45],
  [/esports/i, ['pad', 'trophy']],
  [/football/i, 'ball'],
  [/cockpit|meron|wala/i, 'feather'],
  [/sport/i, 'ball'],
  [/arena/i, 'feather'],
  [/live/i, 'camera'],
  [/duel|fan tan/i, 'chip'],
];
const BY_CLASSIFY: Record<string, keyof typeof MOTIFS> = {
  slots: 'cherry',
  crash: 'rocket',
  dice: 'dice',
  baccarat: 'cards',
  cards: 'cards',
  table: 'chip',
  'dragon-tiger': 'cards',
  roulette: 'wheel',
  fish: 'fish',
  lobby: 'camera',
};

/** The motif (and a themed hue, when the word has one) a game's art is drawn from; `salt` picks among a word's alternatives. */
export function themeOf(name: string, classify: string, salt = 0): { motif: keyof typeof MOTIFS; hue?: number } {
  for (const [pattern, motifs, hue] of THEMES) {
    if (!pattern.test(name)) continue;
    const motif = Array.isArray(motifs) ? motifs[salt % motifs.length]! : motifs;
    return hue === undefined ? { motif } : { motif, hue };
  }
  return { motif: BY_CLASSIFY[classify] ?? 'chip' };
}

/** The in-house lottery's classifies (quick draws, the Vietnamese lottery, regional draws). */
const LOTTERY_CLASSIFIES = new Set(['quick', 'vn', 'sea']);

/** Balls with digits taken from the name: every lottery tile shows its own numbers. */
function lottoMotif(name: string): Motif {
  const h = hashOf(name);
  return (a, b) =>
    [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="${18 + i * 32}" cy="${50 + (i === 1 ? -12 : 8)}" r="16" fill="${i === 1 ? b : a}"/><text x="${18 + i * 32}" y="${57 + (i === 1 ? -12 : 8)}" font-size="17" font-weight="800" text-anchor="middle" fill="#1d1400" ${FONT}>${h[i]! % 50}</text>`,
      )
      .join('');
}

/** Background patterns a hash picks between. */
const PATTERNS: ((c: string) => string)[] = [
  (c) =>
    `<g fill="${c}" opacity="0.08">${Array.from({ length: 6 }, (_, i) => `<path d="M100 100L${i * 40 - 20} -10h22z"/>`).join('')}</g>`,
  (c) =>
    `<g fill="${c}" opacity="0.1">${Array.from({ length: 16 }, (_, i) => `<circle cx="${(i % 4) * 56 + 16}" cy="${Math.floor(i / 4) * 56 + 16}" r="5"/>`).join('')}</g>`,
  (c) =>
    `<path d="M0 40q50-30 100 0t100 0M0 90q50-30 100 0t100 0M0 140q50-30 100 0t100 0" stroke="${c}" stroke-width="10" fill="none" opacity="0.08"/>`,
  (c) =>
    `<circle cx="170" cy="170" r="80" fill="${c}" opacity="0.07"/><circle cx="20" cy="30" r="46" fill="${c}" opacity="0.06"/>`,
];

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

/** Write every logo and tile; returns how many files were written. */
export function drawGameArt(dir = outDir): number {
  const { vendors, games } = buildDemoCatalogue();
  fs.mkdirSync(path.join(dir, 'vendors'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'tiles'), { recursive: true });
  for (const v of vendors)
    fs.writeFileSync(
      path.join(dir, 'vendors', `${v.vassalage.toLowerCase()}.svg`),
      drawLogo(v.vassalage, v.name, v.category),
    );
  for (const g of games)
    fs.writeFileSync(
      path.join(dir, 'tiles', `${g.nodeId.toLowerCase()}.svg`),
      drawTile(g.nodeId, g.name, g.gameClassify, g.vassalage),
    );
  return vendors.length + games.length;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  console.log(`drew ${drawGameArt()} images into ${path.relative(root, outDir)}`);
}
