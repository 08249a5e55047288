/**
 * Every environment variable the server, `npm run migrate`, `npm run ledger:check` and
 * `npm run ops` read: one entry each, grouped by use case in `variables/` (the process and HTTP,
 * load shedding, database, security, providers, vendors, jobs, demonstration, ops commands), and
 * gathered here in the order the README table lists them (`npx tsx scripts/config-table.ts`
 * writes that table; a test fails when it is stale). This is the one entry point: read the table
 * through ENV_VARIABLES, never a group.
 *
 * To add a variable: add an entry to its group (schema from fields.ts, default as it would be
 * written in the environment, the AppConfig field or settings function it feeds, one sentence for
 * the README), read it from the parsed `env` in loadConfig (app-config.ts) or in the module's own
 * settings function through parseEnv, then run `npx tsx scripts/config-table.ts`. Never read
 * `process.env` anywhere else: a bad value must stop the start, naming the variable.
 */
import { DATABASE_VARIABLES } from './variables/database';
import { DEMO_VARIABLES } from './variables/demo';
import { JOBS_VARIABLES } from './variables/jobs';
import { LOAD_SHEDDING_VARIABLES } from './variables/load-shedding';
import { OPS_CLI_VARIABLES } from './variables/ops-cli';
import { PROVIDERS_VARIABLES } from './variables/providers';
import { SECURITY_VARIABLES } from './variables/security';
import { SERVER_VARIABLES } from './variables/server';
import { VENDORS_VARIABLES } from './variables/vendors';
import type { EnvVariable } from './variables/variable';

export type { EnvVariable } from './variables/variable';

export const ENV_VARIABLES = {
  ...SERVER_VARIABLES,
  ...LOAD_SHEDDING_VARIABLES,
  ...DATABASE_VARIABLES,
  ...SECURITY_VARIABLES,
  ...PROVIDERS_VARIABLES,
  ...VENDORS_VARIABLES,
  ...JOBS_VARIABLES,
  ...DEMO_VARIABLES,
  ...OPS_CLI_VARIABLES,
} as const satisfies Record<string, EnvVariable>;
