import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drawLogo, drawTile, tileDesign } from '../../../../../scripts/draw-game-art';
import { buildDemoCatalogue } from './catalogue.seed';

const GAMES_DIR = fileURLToPath(new URL('../../../../web/public/games', import.meta.url));

describe('the demo catalogue art (scripts/draw-game-art.ts)', () => {
  const { vendors, games } = buildDemoCatalogue();

  it('is committed as the generator draws it', () => {
    for (const g of games)
      expect(fs.readFileSync(path.join(GAMES_DIR, 'tiles', `${g.nodeId.toLowerCase()}.svg`), 'utf8'), g.nodeId).toBe(
        drawTile(g.nodeId, g.name, g.gameClassify, g.vassalage),
      );
    for (const v of vendors)
      expect(
        fs.readFileSync(path.join(GAMES_DIR, 'vendors', `${v.vassalage.toLowerCase()}.svg`), 'utf8'),
        v.vassalage,
      ).toBe(drawLogo(v.vassalage, v.name, v.category));
  });

  it('draws each game from its own name: themed motifs, never one template in another colour', () => {
    const designs = games.map((g) => ({ ...tileDesign(g.nodeId, g.name, g.gameClassify), nodeId: g.nodeId }));
    // No two tiles share motif, layout, background and light direction: at least the shape differs, not only the hue.
    const looks = new Set(designs.map((d) => `${d.motif}|${d.layout}|${d.pattern}|${d.flip}`));
    expect(looks.size).toBe(games.length);
    // The sandbox's forty slots are themed by their names, not all drawn as reels.
    const slots = designs.filter((d) => d.nodeId.startsWith('SBX-slot-'));
    expect(new Set(slots.map((d) => d.motif)).size).toBeGreaterThanOrEqual(20);
    for (const g of games) {
      const svg = drawTile(g.nodeId, g.name, g.gameClassify, g.vassalage);
      expect(svg, g.nodeId).toContain(`>${g.name.split(' ')[0]}`);
      expect(svg.match(/>7</g) ?? [], g.nodeId).toHaveLength(0);
      expect(Buffer.byteLength(svg), g.nodeId).toBeLessThan(3_000);
    }
  });

  it('gives every vendor logo its category emblem, code and name', () => {
    const logos = vendors.map((v) => drawLogo(v.vassalage, v.name, v.category));
    expect(new Set(logos).size).toBe(vendors.length);
    expect(tileDesign('SBT-fish-01', 'Ocean Hunter', 'fish').motif).toBe('fish');
    expect(tileDesign('SBX-slot-13', 'Frost Giant', 'slots')).toMatchObject({ motif: 'snow', hue: 205 });
  });
});
