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

  // Only a feature's own table counts: many back-office features share a name with a web feature.
  function section(heading: string): string {
    const start = doc.indexOf(`## ${heading}`);
    const next = doc.indexOf('\n## ', start + 1);
    return start === -1 ? '' : doc.slice(start, next === -1 ? undefined : next);
  }

  it('every web feature is named in the web features table', () => {
    const table = section('Web features');
    const missing = folders('apps/web/src/features').filter((f) => !table.includes(`| \`${f}\` |`));
    expect(missing).toEqual([]);
  });

  it('every back-office feature is named in the back-office features table', () => {
    const table = section('Back-office features');
    const missing = folders('apps/backoffice/src/features').filter((f) => !table.includes(`| \`${f}\` |`));
    expect(missing).toEqual([]);
  });
});

// The map is read in one or two screens; the detail of each part lives in the README.md of its folder.
describe('docs/architecture.md stays a map', () => {
  it('every server module, web feature and back-office feature folder has its README.md', () => {
    const parents = ['apps/server/src/modules', 'apps/web/src/features', 'apps/backoffice/src/features'];
    const missing = parents.flatMap((parent) =>
      folders(parent)
        .map((name) => `${parent}/${name}/README.md`)
        .filter((readme) => !fs.existsSync(path.join(ROOT, readme))),
    );
    expect(missing).toEqual([]);
  });

  it('is under 15,000 bytes', () => {
    expect(Buffer.byteLength(doc, 'utf8')).toBeLessThan(15_000);
  });

  it('has no line over 200 characters', () => {
    const long = doc
      .split('\n')
      .map((line, index) => ({ line: index + 1, length: line.length }))
      .filter((entry) => entry.length > 200);
    expect(long).toEqual([]);
  });
});
