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

/** Debian's headless shell of the same Chromium, which the browser suites prefer (playwright.config.ts). */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * Ensure Chromium exists at CHROMIUM_PATH, and Debian's headless shell beside it. As root it
 * installs the missing packages (`chromium`, `chromium-headless-shell`); otherwise it explains what
 * is missing. Only Chromium itself is required: without the shell the suites drive Chromium.
 */
export function ensureChromium() {
  const wanted = [];
  if (!fs.existsSync(CHROMIUM_PATH)) wanted.push('chromium');
  // A CHROMIUM_PATH of one's own is what the suites drive; the shell is not needed then.
  if (!process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL_PATH)) wanted.push('chromium-headless-shell');
  if (wanted.length === 0) {
    console.log(`Chromium found at ${CHROMIUM_PATH}`);
    return true;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    if (!wanted.includes('chromium')) {
      console.log(
        `Chromium found at ${CHROMIUM_PATH}; ${HEADLESS_SHELL_PATH} is missing, so the browser tests drive the full Chromium (sudo apt-get install chromium-headless-shell to save CPU).`,
      );
      return true;
    }
    console.error(
      [
        `Chromium is missing: ${CHROMIUM_PATH} does not exist.`,
        "The browser tests use Debian's Chromium (Playwright does not download a browser).",
        'Install it as root, then run the tests again:',
        '  sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell',
        'Or point CHROMIUM_PATH at an existing Chromium binary.',
      ].join('\n'),
    );
    return false;
  }
  console.log(`Installing Debian's ${wanted.join(' and ')}.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    runOrThrow('apt-get', ['update'], env);
    runOrThrow('apt-get', ['install', '-y', ...wanted], env);
  } catch (err) {
    // The shell only saves time: with Chromium there, the suites run on it.
    if (wanted.includes('chromium')) throw err;
    console.log(`${err instanceof Error ? err.message : err}; the browser tests drive ${CHROMIUM_PATH}.`);
  }
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
