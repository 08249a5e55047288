import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is where a newcomer learns what each part is for. A module or feature
// that is not named there is one nobody will find, so adding one means adding its line.

const ROOT = path.resolve(__dirname, '../../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

function folders(relative: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe('docs/architecture.md names every part', () => {
  it('every server module has its row', () => {
    const missing = folders('apps/server/src/modules').filter((m) => !doc.includes(`apps/server/src/modules/${m}/`));
    expect(missing).toEqual([]);
  });

  it('every web feature is named in the features row', () => {
    const missing = folders('apps/web/src/features').filter((f) => !doc.includes(`\`${f}\``));
    expect(missing).toEqual([]);
  });
});
