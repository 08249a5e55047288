// Make sure Debian's Chromium is installed for the browser tests. Playwright never downloads a
// browser here (the machine reaches no browser host), so the system package is the only source.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Run a command with inherited output; throw when it fails. */
function runOrThrow(cmd, args, env = process.env) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
  }
}

/**
 * Ensure Chromium exists at CHROMIUM_PATH. As root it installs Debian's `chromium` package;
 * otherwise it explains what is missing and returns false.
 */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) {
    console.log(`Chromium found at ${CHROMIUM_PATH}`);
    return true;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        `Chromium is missing: ${CHROMIUM_PATH} does not exist.`,
        'The browser tests use Debian\'s Chromium (Playwright does not download a browser).',
        'Install it as root, then run the tests again:',
        '  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium',
        'Or point CHROMIUM_PATH at an existing Chromium binary.',
      ].join('\n'),
    );
    return false;
  }
  console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing Debian's chromium package.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  runOrThrow('apt-get', ['update'], env);
  runOrThrow('apt-get', ['install', '-y', 'chromium'], env);
  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing.`);
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  try {
    process.exit(ensureChromium() ? 0 : 1);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
