/**
 * Draws the demo operator's vendor logos and game tiles as SVG into apps/web/public/games/
 * (ui guide: imagery is drawn by the project, nothing is fetched). Deterministic: the same
 * catalogue always gives the same files, so the output is committed.
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

function hueOf(text: string): number {
  return crypto.createHash('sha256').update(text).digest().readUInt16BE(0) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Split a name into at most two lines of about 14 characters. */
function wrap(name: string): string[] {
  const words = name.split(/\s+/);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1]!;
    if (current && (current + ' ' + word).length > 14 && lines.length < 2) lines.push(word);
    else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines;
}

/** A motif per classify, drawn in a 200×200 box around (100, 80). */
function motif(classify: string, hue: number): string {
  const light = `hsl(${hue} 90% 85%)`;
  const accent = `hsl(${(hue + 40) % 360} 95% 62%)`;
  switch (classify) {
    case 'slots':
      return [0, 1, 2]
        .map(
          (i) =>
            `<rect x="${38 + i * 44}" y="48" width="36" height="60" rx="6" fill="${light}" opacity="0.95"/><text x="${56 + i * 44}" y="90" font-size="30" font-weight="800" text-anchor="middle" fill="${accent}" font-family="system-ui, sans-serif">7</text>`,
        )
        .join('');
    case 'crash':
      return `<path d="M30 120 C 80 118, 120 100, 165 40" fill="none" stroke="${light}" stroke-width="6" stroke-linecap="round"/><circle cx="165" cy="40" r="10" fill="${accent}"/>`;
    case 'dice':
      return `<rect x="62" y="42" width="76" height="76" rx="14" fill="${light}"/>${[
        [80, 60],
        [120, 60],
        [100, 80],
        [80, 100],
        [120, 100],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${accent}"/>`)
        .join('')}`;
    case 'baccarat':
    case 'cards':
    case 'table':
    case 'dragon-tiger':
      return `<rect x="58" y="46" width="52" height="72" rx="8" fill="${light}" transform="rotate(-10 84 82)"/><rect x="92" y="42" width="52" height="72" rx="8" fill="#fff" transform="rotate(8 118 78)"/><path d="M118 64 l10 14 -10 14 -10 -14z" fill="${accent}" transform="rotate(8 118 78)"/>`;
    case 'roulette':
      return `<circle cx="100" cy="80" r="42" fill="${light}"/><circle cx="100" cy="80" r="30" fill="none" stroke="${accent}" stroke-width="10" stroke-dasharray="8 8"/><circle cx="100" cy="80" r="8" fill="${accent}"/>`;
    case 'fish':
      return `<path d="M50 80 C 80 44, 130 44, 150 80 C 130 116, 80 116, 50 80z" fill="${light}"/><path d="M150 80 l22 -18 v36z" fill="${accent}"/><circle cx="78" cy="74" r="6" fill="${accent}"/>`;
    case 'lotto':
      return [0, 1, 2]
        .map((i) => `<circle cx="${62 + i * 38}" cy="80" r="17" fill="${i === 1 ? accent : light}"/><text x="${62 + i * 38}" y="87" font-size="18" font-weight="800" text-anchor="middle" fill="#1d1400" font-family="system-ui, sans-serif">${(i * 3 + 7) % 10}</text>`)
        .join('');
    default:
      return `<path d="M70 50 h60 v20 a30 30 0 0 1 -60 0z" fill="${light}"/><rect x="92" y="98" width="16" height="16" fill="${light}"/><rect x="76" y="112" width="48" height="10" rx="4" fill="${accent}"/>`;
  }
}

function drawTile(nodeId: string, name: string, classify: string, vassalage: string): string {
  const hue = hueOf(nodeId);
  const lines = wrap(name);
  const text = lines
    .map((line, i) => `<text x="100" y="${156 + i * 20 - (lines.length - 1) * 10}" font-size="17" font-weight="700" text-anchor="middle" fill="#fff" font-family="system-ui, sans-serif">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 22%)"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="170" cy="170" r="80" fill="#fff" opacity="0.06"/>
${motif(classify, hue)}
${text}
<text x="100" y="192" font-size="10" font-weight="600" text-anchor="middle" fill="#fff" opacity="0.7" font-family="system-ui, sans-serif">${escapeXml(vassalage.toUpperCase())}</text>
</svg>
`;
}

function drawLogo(vassalage: string, name: string): string {
  const hue = hueOf(vassalage);
  const code = vassalage === 'inhouse' ? 'IN' : vassalage.slice(0, 4).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360} 65% 20%)"/></linearGradient></defs>
<rect width="240" height="120" fill="url(#g)"/>
<circle cx="44" cy="60" r="30" fill="hsl(${hue} 90% 80%)"/>
<text x="44" y="68" font-size="${code.length > 3 ? 16 : 22}" font-weight="800" text-anchor="middle" fill="hsl(${hue} 60% 25%)" font-family="system-ui, sans-serif">${escapeXml(code)}</text>
<text x="88" y="66" font-size="${name.length > 12 ? 14 : 18}" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${escapeXml(name.length > 17 ? `${name.slice(0, 16)}…` : name)}</text>
</svg>
`;
}

/** Write every logo and tile; returns how many files were written. */
export function drawGameArt(dir = outDir): number {
  const { vendors, games } = buildDemoCatalogue();
  fs.mkdirSync(path.join(dir, 'vendors'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'tiles'), { recursive: true });
  for (const v of vendors) fs.writeFileSync(path.join(dir, 'vendors', `${v.vassalage.toLowerCase()}.svg`), drawLogo(v.vassalage, v.name));
  for (const g of games) fs.writeFileSync(path.join(dir, 'tiles', `${g.nodeId.toLowerCase()}.svg`), drawTile(g.nodeId, g.name, g.gameClassify, g.vassalage));
  return vendors.length + games.length;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  console.log(`drew ${drawGameArt()} images into ${path.relative(root, outDir)}`);
}
