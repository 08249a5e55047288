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
 * The drawing is split by what it draws in scripts/game-art/: motifs (the scenes), themes (which
 * scene a name calls for), tile, logo, and svg (hashing, text, background patterns).
 *
 *   npx tsx scripts/draw-game-art.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemoCatalogue } from '../apps/server/src/modules/catalogue/catalogue.seed';
import { drawLogo } from './game-art/logo';
import { drawTile } from './game-art/tile';

export { drawLogo } from './game-art/logo';
export { drawTile, tileDesign } from './game-art/tile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/games');

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
