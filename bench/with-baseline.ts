// Runs a bench's files, then, with BENCH_BASELINE=<commit>, the same npm script as that commit has
// it, built in a scratch git worktree, right after and with the same environment; then prints both
// runs' headline figures side by side (bench/baseline-figures.ts). A change is judged in one run,
// on one machine state, rather than against figures from another day.
// Run: tsx bench/with-baseline.ts <npm script> <bench file>...   (from the bench:* scripts)
// BENCH_BASELINE_MODULES=link hard-links this checkout's node_modules into the baseline even when
// the two package-lock.json differ (else the baseline gets its own `npm ci`, kept in
// .tmp/bench-baseline-modules-<lock hash> for the next run; delete that folder to free its space).
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sideBySide } from './baseline-figures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Run = { output: string; loadAverage: string; code: number };

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** Run a command with its stdout both shown and kept; stderr shown only. */
function tee(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ['inherit', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      process.stdout.write(c);
      output += c.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ output, loadAverage: loadAverage(), code: code ?? (signal ? 1 : 0) }));
  });
}

function git(args: string[], cwd = ROOT): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
}

function run(command: string, args: string[], cwd: string): void {
  const r = spawnSync(command, args, { cwd, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (${r.status ?? r.signal})`);
}

/** Remove the scratch worktree however far its making got (its checkout, node_modules, registration). */
function removeWorktree(dir: string): void {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  fs.rmSync(dir, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: ROOT, stdio: 'ignore' });
}

/** node_modules folders of a checkout at `sha`: the root's and each workspace's. */
function moduleDirs(sha: string): string[] {
  const workspaces = (JSON.parse(git(['show', `${sha}:package.json`])) as { workspaces?: string[] }).workspaces ?? [];
  return ['node_modules', ...workspaces.map((w) => path.join(w, 'node_modules'))];
}

/** Hard-link each node_modules folder present under `from` into the same place under `to`. */
function linkModules(from: string, to: string, dirs: string[]): void {
  for (const rel of dirs)
    if (fs.existsSync(path.join(from, rel)) && fs.existsSync(path.dirname(path.join(to, rel))))
      run('cp', ['-al', path.join(from, rel), path.join(to, rel)], ROOT);
}

/**
 * The baseline's dependencies: this checkout's node_modules hard-linked (seconds, no disk) when
 * the lock files match; else an earlier baseline's install of the same lock file, kept in .tmp;
 * else `npm ci` (minutes), whose result is then kept for the next run (`keep`).
 */
function installModules(dir: string, sha: string): { keep: () => void } {
  const dirs = moduleDirs(sha);
  const ours = fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
  const theirs = git(['show', `${sha}:package-lock.json`]);
  if (ours === theirs || process.env.BENCH_BASELINE_MODULES === 'link') {
    linkModules(ROOT, dir, dirs);
    return { keep: () => undefined };
  }
  const lockHash = crypto.createHash('sha256').update(theirs).digest('hex').slice(0, 12);
  const kept = path.join(ROOT, '.tmp', `bench-baseline-modules-${lockHash}`);
  if (fs.existsSync(path.join(kept, 'node_modules'))) {
    console.error(`baseline: its package-lock.json differs from this tree's; node_modules from ${kept}`);
    linkModules(kept, dir, dirs);
    return { keep: () => undefined };
  }
  console.error(`baseline: its package-lock.json differs from this tree's; npm ci in ${dir} (kept in ${kept} after)`);
  run('npm', ['ci', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  return {
    keep: () => {
      // Moved, not copied: the worktree is removed right after. Workspace links are relative, so they hold.
      for (const rel of dirs) {
        if (!fs.existsSync(path.join(dir, rel))) continue;
        fs.mkdirSync(path.dirname(path.join(kept, rel)), { recursive: true });
        fs.renameSync(path.join(dir, rel), path.join(kept, rel));
      }
    },
  };
}

async function main(): Promise<number> {
  const [script, ...files] = process.argv.slice(2);
  if (!script || !files.length) {
    console.error('usage: tsx bench/with-baseline.ts <npm script> <bench file>...');
    return 2;
  }
  const current: Run = { output: '', loadAverage: '', code: 0 };
  for (const file of files) {
    const r = await tee(process.execPath, ['--import', 'tsx', path.join(ROOT, file)], { cwd: ROOT, env: process.env });
    current.output += r.output;
    current.loadAverage = r.loadAverage;
    if (r.code !== 0) return r.code;
  }
  const ref = process.env.BENCH_BASELINE;
  if (!ref) return 0;

  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]).trim();
  const name = sha.slice(0, 9);
  const dir = path.join(ROOT, '.tmp', `bench-baseline-${name}`);
  // Same environment, less the request for a baseline (the baseline's own wrapper, if it has one, runs it plainly).
  const env = { ...process.env };
  delete env.BENCH_BASELINE;
  const cleanUp = () => removeWorktree(dir);
  const onSignal = (signal: NodeJS.Signals) => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    removeWorktree(dir); // a run killed before its clean-up
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    console.log(`\n=== baseline ${name}: ${git(['log', '-1', '--format=%s', sha]).trim().slice(0, 100)}`);
    git(['worktree', 'add', '--detach', dir, sha]);
    const modules = installModules(dir, sha);
    // The benches run from source through tsx (the workspace packages export their .ts), so no build step.
    const baseline = await tee('npm', ['run', '--silent', script], { cwd: dir, env });
    modules.keep();
    if (baseline.code !== 0) console.log(`baseline ${name}: ${script} exited with ${baseline.code}`);
    const head = git(['rev-parse', '--short=9', 'HEAD']).trim();
    const changed = git(['status', '--porcelain', '--untracked-files=no']).trim() !== '';
    console.log(`\n=== ${script}: this tree (${head}${changed ? ' with uncommitted changes' : ''}) vs ${name}`);
    for (const line of sideBySide(script, current, { ...baseline, name })) console.log(line);
    return baseline.code;
  } finally {
    cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
