// The motifs a tile or a logo is drawn around (scripts/draw-game-art.ts): one small SVG scene each.
import { FONT } from './svg';

/** A motif drawn in a 100×100 box: `a` the light colour, `b` the accent. */
export type Motif = (a: string, b: string) => string;

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

export const MOTIFS: Record<string, Motif> = {
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
