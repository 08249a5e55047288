import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_PROMOTIONS } from './content.seed-data';

describe("the demo's promotions", () => {
  it('each have a picture of their own, drawn and committed', () => {
    // The Friday top-up once showed the welcome offer's "100% + R$ 500": a picture promises what it shows.
    const pictures = DEMO_PROMOTIONS.map((p) => p.picture);
    expect(new Set(pictures).size).toBe(pictures.length);
    for (const picture of pictures)
      expect(fs.existsSync(new URL(`./demo/${picture}.webp`, import.meta.url))).toBe(true);
  });
});
