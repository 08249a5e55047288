// Several ops commands on one data directory in one process, for the browser suites' extra servers.
//
// `npm run ops` opens the database, checks the migrations and loads the whole server for every
// command; a suite that sets up a server with four commands (operators, a setting) paid that four
// times, on a machine also running Chromium. This runs the same COMMANDS in order, with one open
// database, and stops at the first that fails (its message on stderr, exit 1).
//
//   DATA_DIR=<dir> E2E_OPS_STEPS='[{"args":["operator:create","bo.admin","admin"],"password":"…"},{"args":["config:patch","register","{\"showCaptcha\":false}"]}]' tsx scripts/e2e-ops.ts
//
// A step's password is the OPS_PASSWORD that command sees (operator:create reads it). The steps come
// in the environment, not as arguments: ops.ts runs its own CLI when the first argument names the
// file it is in, which in the bundle is this one.
//
// Besides the ops commands, `config:patch <key> <json-object>` merges the object into the stored
// setting (read, change the named fields, store), as a suite that turns one field off needs.
// scripts/e2e.mjs bundles this file once per run so each call is a plain `node`; straight through
// Playwright, e2e/support runs it with tsx.
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedDemoOperator } from '../apps/server/src/db/seed';
import { COMMANDS } from '../apps/server/src/scripts/ops';
import type { OpsContext } from '../apps/server/src/scripts/ops-command';

async function run(ctx: OpsContext, name: string, args: string[]): Promise<void> {
  if (name === 'config:patch') {
    const [key, patch] = args;
    if (!key || !patch) throw new Error('usage: config:patch <key> <json-object>');
    let current: unknown;
    await COMMANDS['config:get']!.run({ ...ctx, print: (value) => (current = value) }, [key]);
    if (typeof current !== 'object' || current === null)
      throw new Error(`config:patch ${key}: the setting is not an object`);
    await COMMANDS['config:set']!.run(ctx, [key, JSON.stringify({ ...current, ...(JSON.parse(patch) as object) })]);
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new Error(`unknown ops command "${name}"`);
  await command.run(ctx, args);
}

type Step = { args: string[]; password?: string };

async function main(batch: Step[]): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await runMigrations(database);
    await seedDemoOperator(database.db);
    const ctx: OpsContext = { database, print: (value) => console.log(JSON.stringify(value, null, 2)) };
    for (const {
      args: [name, ...args],
      password,
    } of batch) {
      if (password === undefined) delete process.env.OPS_PASSWORD;
      else process.env.OPS_PASSWORD = password;
      try {
        await run(ctx, name ?? '', args);
      } catch (error) {
        throw new Error(`ops ${[name, ...args].join(' ')}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      } finally {
        delete process.env.OPS_PASSWORD;
      }
    }
  } finally {
    await database.close();
  }
}

main(JSON.parse(process.env.E2E_OPS_STEPS ?? '[]') as Step[]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
