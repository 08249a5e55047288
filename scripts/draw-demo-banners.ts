/**
 * Draws the demo operator's banner pictures (apps/server/src/modules/content/demo/*.webp) that
 * the demo content seed uploads (content.seed.ts). Each is an SVG drawn here, rasterised by
 * Debian's Chromium and encoded as WebP by its canvas, so the files are small and no image
 * library is needed. A banner's words are its title (the picture's alt text) in the player's
 * language; the pictures carry only numbers and shapes, which read the same in PT and EN.
 * The output is committed; run again after changing a design:
 *
 *   npx tsx scripts/draw-demo-banners.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/server/src/modules/content/demo');
const WIDTH = 1200;
const HEIGHT = 400;

const sparkles = (points: [number, number, number][], color: string) =>
  points
    .map(
      ([x, y, r]) =>
        `<path d="M${x} ${y - r} L${x + r / 4} ${y - r / 4} L${x + r} ${y} L${x + r / 4} ${y + r / 4} L${x} ${y + r} L${x - r / 4} ${y + r / 4} L${x - r} ${y} L${x - r / 4} ${y - r / 4} Z" fill="${color}"/>`,
    )
    .join('');

const frame = (
  id: string,
  from: string,
  to: string,
  body: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="${id}-glow" cx="0.75" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}-bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id}-glow)"/>
  ${body}
</svg>`;

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700"`;

/** Welcome offer: a gift box and "100%". */
const welcome = frame(
  'w',
  '#4b1fd1',
  '#c0268f',
  `<text x="80" y="250" ${FONT} font-size="190" fill="#ffffff" letter-spacing="-6">100%</text>
  <text x="86" y="320" ${FONT} font-size="54" fill="#ffd84d">+ R$ 500</text>
  <g transform="translate(820 70)">
    <rect x="0" y="110" width="260" height="190" rx="18" fill="#ffd84d"/>
    <rect x="-20" y="60" width="300" height="70" rx="16" fill="#ffe98f"/>
    <rect x="110" y="60" width="40" height="240" fill="#e0364f"/>
    <path d="M130 60 C 60 -20, 10 40, 130 60 C 250 40, 200 -20, 130 60 Z" fill="none" stroke="#e0364f" stroke-width="22" stroke-linejoin="round"/>
  </g>
  ${sparkles(
    [
      [740, 90, 22],
      [1130, 80, 16],
      [760, 330, 14],
      [1150, 330, 24],
    ],
    '#ffffff',
  )}`,
);

/** Provably fair in-house games: two dice and a shield with a tick. */
const fair = frame(
  'f',
  '#063b4f',
  '#0e8f7e',
  `<g transform="translate(90 80) rotate(-12 110 110)">
    <rect width="220" height="220" rx="36" fill="#ffffff"/>
    ${[
      [55, 55],
      [165, 55],
      [110, 110],
      [55, 165],
      [165, 165],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="20" fill="#0b5466"/>`)
      .join('')}
  </g>
  <g transform="translate(330 150) rotate(14 80 80)">
    <rect width="160" height="160" rx="28" fill="#ffd84d"/>
    ${[
      [40, 40],
      [120, 40],
      [40, 120],
      [120, 120],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="15" fill="#0b5466"/>`)
      .join('')}
  </g>
  <g transform="translate(820 60)">
    <path d="M140 0 L270 50 L270 150 C270 230 210 270 140 300 C70 270 10 230 10 150 L10 50 Z" fill="#ffffff" fill-opacity="0.92"/>
    <path d="M80 150 L125 195 L205 105" fill="none" stroke="#0e8f7e" stroke-width="30" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <text x="620" y="360" ${FONT} font-size="44" fill="#bff5ea" text-anchor="middle">SHA-256</text>`,
);

/**
 * Weekly rebate: money coming back to a stack of coins. No figure: the rebate's rates differ by
 * category (the promotion's words list them), so a single percentage would promise one of them.
 */
const cashback = frame(
  'c',
  '#b33a00',
  '#f0a81c',
  `<g transform="translate(640 70)">
    ${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="170" cy="${250 - i * 44}" rx="150" ry="44" fill="#8a3a00"/><ellipse cx="170" cy="${238 - i * 44}" rx="150" ry="44" fill="${i % 2 ? '#ffd84d' : '#ffe98f'}"/>`).join('')}
    <text x="170" y="74" ${FONT} font-size="60" fill="#b35a00" text-anchor="middle">R$</text>
  </g>
  <g transform="translate(-420 -40) scale(1.3)">
    <path d="M560 120 A 90 90 0 1 1 545 250" fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round"/>
    <path d="M520 235 L548 262 L572 228" fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`,
);

/** Slot tournament: a trophy and three reels. */
const tournament = frame(
  't',
  '#12204f',
  '#3a5bd9',
  `<g transform="translate(90 90)">
    ${[0, 1, 2].map((i) => `<rect x="${i * 150}" y="0" width="130" height="200" rx="20" fill="#ffffff"/><text x="${i * 150 + 65}" y="138" ${FONT} font-size="110" fill="${['#e0364f', '#f0a81c', '#0e8f7e'][i]}" text-anchor="middle">${['7', '★', '♦'][i]}</text>`).join('')}
  </g>
  <g transform="translate(830 50)">
    <path d="M60 20 H240 V120 C240 190 190 230 150 230 C110 230 60 190 60 120 Z" fill="#ffd84d"/>
    <path d="M60 50 H10 C10 120 40 140 70 150 M240 50 H290 C290 120 260 140 230 150" fill="none" stroke="#ffd84d" stroke-width="18"/>
    <rect x="130" y="228" width="40" height="50" fill="#f0a81c"/>
    <rect x="80" y="275" width="140" height="34" rx="8" fill="#ffd84d"/>
  </g>
  ${sparkles(
    [
      [700, 90, 20],
      [1140, 110, 14],
      [720, 320, 16],
    ],
    '#ffd84d',
  )}`,
);

/** Friday top-up: "+20%" and a lightning bolt over a wallet. */
const reload = frame(
  'r',
  '#0b5d3b',
  '#1fb56a',
  `<text x="80" y="260" ${FONT} font-size="200" fill="#ffffff" letter-spacing="-6">+20%</text>
  <g transform="translate(800 80)">
    <rect x="0" y="60" width="300" height="200" rx="28" fill="#0a3f29"/>
    <rect x="0" y="40" width="300" height="70" rx="24" fill="#ffe98f"/>
    <circle cx="250" cy="170" r="26" fill="#ffd84d"/>
    <path d="M150 -40 L70 150 H140 L110 300 L230 90 H160 L200 -40 Z" fill="#ffd84d" stroke="#0a3f29" stroke-width="10" stroke-linejoin="round"/>
  </g>
  ${sparkles(
    [
      [730, 100, 18],
      [1150, 70, 14],
      [740, 330, 16],
    ],
    '#ffffff',
  )}`,
);

const BANNERS: Record<string, string> = { welcome, fair, cashback, tournament, reload };

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    // `npx tsx scripts/draw-demo-banners.ts cashback` redraws that picture alone.
    const only = process.argv.slice(2);
    for (const [name, svg] of Object.entries(BANNERS)) {
      if (only.length > 0 && !only.includes(name)) continue;
      const dataUrl = await page.evaluate(
        async ({ svg, width, height }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')!.drawImage(image, 0, 0);
          return canvas.toDataURL('image/webp', 0.82);
        },
        { svg, width: WIDTH, height: HEIGHT },
      );
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      fs.writeFileSync(path.join(outDir, `${name}.webp`), bytes);
      console.log(`${name}.webp: ${bytes.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
