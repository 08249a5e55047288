/**
 * The default WEB_DIST and BACKOFFICE_DIST: found from the repository root (the package.json with
 * "workspaces"), so the source run by tsx (apps/server/src/config) and the bundle
 * (apps/server/dist) both find apps/web/dist, though they sit at different depths.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDists, findWorkspaceRoot, loadConfig } from './app-config';

describe('default built-app folders', () => {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-dists-'));
  fs.writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'root', workspaces: ['apps/*'] }));
  fs.mkdirSync(path.join(repo, 'apps/server/src/config'), { recursive: true });
  fs.mkdirSync(path.join(repo, 'apps/server/dist'), { recursive: true });
  // The server's own manifest has no "workspaces": the walk must go past it.
  fs.writeFileSync(
    path.join(repo, 'apps/server/package.json'),
    JSON.stringify({ name: '@wps/server', type: 'module' }),
  );
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  const expected = { web: path.join(repo, 'apps/web/dist'), backoffice: path.join(repo, 'apps/backoffice/dist') };

  it('resolves to apps/web/dist and apps/backoffice/dist from the source layout (tsx)', () => {
    expect(defaultDists(path.join(repo, 'apps/server/src/config'))).toEqual(expected);
  });

  it('resolves to the same folders from the bundle layout (dist/server.js)', () => {
    expect(defaultDists(path.join(repo, 'apps/server/dist'))).toEqual(expected);
  });

  it('has no default outside a workspace', () => {
    expect(findWorkspaceRoot(os.tmpdir())).toBeUndefined();
  });

  it("loadConfig uses this repository's apps/web/dist and apps/backoffice/dist", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const config = loadConfig({});
    expect(config.webDist).toBe(path.join(root, 'apps/web/dist'));
    expect(config.backofficeDist).toBe(path.join(root, 'apps/backoffice/dist'));
  });
});
