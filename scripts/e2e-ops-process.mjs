// How the browser suite runs a batch of ops steps in one process (scripts/e2e-ops.ts): shared by
// scripts/e2e.mjs, which prepares the templates with it, and e2e/support/servers.ts, which runs a
// server's own steps.
import { pathToFileURL } from 'node:url';

/**
 * The command that runs the bundled ops runner (E2E_OPS_BUNDLE) on `steps`, and the environment it
 * adds to the caller's (which names the database: DATA_DIR, DATABASE_URL). The bundle is imported
 * rather than named on the command line (see scripts/e2e-ops.ts). SCRYPT_LOG_N is the suite's
 * servers' own, so an operator made here signs in as cheaply as one made there.
 */
export function opsProcess(bundle, steps) {
  return {
    command: 'node',
    args: ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(bundle).href)})`],
    env: opsEnv(steps),
  };
}

/** The environment the ops runner reads its steps from, also when tsx runs its source. */
export function opsEnv(steps) {
  return { LOG_LEVEL: 'warn', SCRYPT_LOG_N: '14', E2E_OPS_STEPS: JSON.stringify(steps) };
}
