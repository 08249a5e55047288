import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { ZodError } from 'zod';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { runMigrations } from '../db/migrate';
import { seedDemoOperator } from '../db/seed';
import { createKeyService } from '../modules/system/key.service';
import { SETTING_KEYS, isSettingKey } from '../modules/system/operator-settings';
import { createSystemService } from '../modules/system/system.service';
import { createServices } from '../services';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import { OPERATOR_COMMANDS } from '../modules/operator/operator.ops';
import { DEPOSIT_COMMANDS } from '../modules/deposit/deposit.ops';
import { SECURITY_COMMANDS } from '../modules/security/security.ops';

/**
 * `npm run ops -- <command> [args]`: operator tasks on the database the server uses (same env:
 * DATABASE_URL, else PGlite under DATA_DIR). On PostgreSQL it is safe while servers run; they
 * pick changes up within a few seconds. PGlite's data directory is single-process: stop the
 * server first.
 *
 * To add a command, add an entry to COMMANDS.
 */

export type OpsContext = { database: DatabaseHandle; print: (value: unknown) => void };

export type OpsCommand = {
  usage: string;
  description: string;
  run: (ctx: OpsContext, args: string[]) => Promise<void>;
};

/** Thrown for wrong usage: printed without a stack trace. */
export class UsageError extends Error {}

function systemOf(ctx: OpsContext) {
  // No cache: every command reads what is stored right now.
  return createSystemService({ db: ctx.database.db, log: silentLog, cacheMs: 0 });
}

const silentLog = pino({ level: 'warn' });

function parseJsonArgument(text: string | undefined): unknown {
  if (text === undefined) throw new UsageError('missing <json-value>');
  try {
    return JSON.parse(text);
  } catch {
    // Let plain words through as strings: `config:set defaultCountry PT`.
    return text;
  }
}

function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}

/** Every service over the CLI's database, for commands that act like an operator would over HTTP. */
function servicesOf(ctx: OpsContext) {
  return createServices({ config: loadConfig(), database: ctx.database, db: ctx.database.db, log: silentLog });
}

/** The CLI acts as the system user "ops-cli" in the audit log. */
const CLI_ACTOR = { actorType: 'system', actorId: 'ops-cli' } as const;

export const COMMANDS: Record<string, OpsCommand> = {
  'config:get': {
    usage: 'config:get [key]',
    description: 'Print the operator configuration, or one setting.',
    async run(ctx, [key]) {
      const config = toPlain(await systemOf(ctx).getOperatorConfig()) as Record<string, unknown>;
      if (key === undefined) return ctx.print(config);
      if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}"; known: ${SETTING_KEYS.join(', ')}`);
      ctx.print(config[key]);
    },
  },
  'config:set': {
    usage: 'config:set <key> <json-value>',
    description: `Validate and store one setting, e.g. maintenance true, blockedCountries '["US"]'. Keys: ${SETTING_KEYS.join(', ')}.`,
    async run(ctx, [key, value]) {
      if (key === undefined || !isSettingKey(key)) {
        throw new UsageError(`unknown setting "${key ?? ''}"; known: ${SETTING_KEYS.join(', ')}`);
      }
      const stored = await systemOf(ctx).updateSetting(key, parseJsonArgument(value));
      ctx.print({ [key]: stored });
    },
  },
  'region:list': {
    usage: 'region:list',
    description: 'Print the CIDR -> country table.',
    async run(ctx) {
      ctx.print(await systemOf(ctx).listRegionCidrs());
    },
  },
  'region:add': {
    usage: 'region:add <cidr> <country> [note]',
    description: 'Map a CIDR block to an ISO country code (the most specific block wins).',
    async run(ctx, [cidr, country, ...note]) {
      if (!cidr || !country) throw new UsageError('usage: region:add <cidr> <country> [note]');
      const stored = await systemOf(ctx).addRegionCidr(cidr, country.toUpperCase(), note.length ? note.join(' ') : undefined);
      ctx.print({ cidr: stored, countryCode: country.toUpperCase() });
    },
  },
  'region:remove': {
    usage: 'region:remove <cidr>',
    description: 'Remove a CIDR block.',
    async run(ctx, [cidr]) {
      if (!cidr) throw new UsageError('usage: region:remove <cidr>');
      ctx.print({ removed: await systemOf(ctx).removeRegionCidr(cidr) });
    },
  },
  'region:locate': {
    usage: 'region:locate <ip>',
    description: 'Show the country and status an address gets.',
    async run(ctx, [ip]) {
      if (!ip) throw new UsageError('usage: region:locate <ip>');
      const system = systemOf(ctx);
      ctx.print({ ...(await system.locate(ip)), status: await system.getStatus(ip) });
    },
  },
  'withdrawal:list': {
    usage: 'withdrawal:list [status]',
    description: `List withdrawals, oldest first within a status (${WITHDRAWAL_STATUSES.join(', ')}).`,
    async run(ctx, [status]) {
      if (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`unknown status "${status}"; known: ${WITHDRAWAL_STATUSES.join(', ')}`);
      }
      ctx.print(await servicesOf(ctx).withdrawal.listForOperator({ status: status as WithdrawalStatus | undefined, limit: 200 }));
    },
  },
  'withdrawal:approve': {
    usage: 'withdrawal:approve <id> [reason]',
    description: 'Approve a pending withdrawal: its hold is paid out from house_cash; the player then confirms receipt.',
    async run(ctx, [id, ...reason]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('usage: withdrawal:approve <id> [reason]');
      ctx.print(await servicesOf(ctx).withdrawal.approve(CLI_ACTOR, id, reason.length ? reason.join(' ') : null));
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject <id> <reason>',
    description: 'Reject a pending withdrawal: its hold is voided and the money returns to the player.',
    async run(ctx, [id, ...reason]) {
      if (!id || !/^\d+$/.test(id) || reason.length === 0) throw new UsageError('usage: withdrawal:reject <id> <reason>');
      ctx.print(await servicesOf(ctx).withdrawal.reject(CLI_ACTOR, id, reason.join(' ')));
    },
  },
  'withdrawal:resolve': {
    usage: 'withdrawal:resolve <id> <note>',
    description: 'Close a disputed ("not received") withdrawal after checking or re-sending the payout. Moves no money.',
    async run(ctx, [id, ...note]) {
      if (!id || !/^\d+$/.test(id) || note.length === 0) throw new UsageError('usage: withdrawal:resolve <id> <note>');
      ctx.print(await servicesOf(ctx).withdrawal.resolveDispute(CLI_ACTOR, id, note.join(' ')));
    },
  },
  'withdrawal:auto-receipt': {
    usage: 'withdrawal:auto-receipt',
    description: 'Mark every approved withdrawal past its confirmation deadline as received (the server also does this every 30 s).',
    async run(ctx) {
      ctx.print({ settled: await servicesOf(ctx).withdrawal.runAutoReceipt() });
    },
  },
  'keys:rotate': {
    usage: 'keys:rotate',
    description: 'Make a new payload-encryption key current; the old one keeps working for 10 minutes.',
    async run(ctx) {
      const keys = createKeyService({ db: ctx.database.db, log: silentLog });
      const { keyId } = await keys.rotateKey();
      ctx.print({ keyId });
    },
  },
  ...OPERATOR_COMMANDS,
  ...DEPOSIT_COMMANDS,
  ...SECURITY_COMMANDS,
};

function printUsage(): void {
  console.log('usage: npm run ops -- <command> [args]\n');
  for (const c of Object.values(COMMANDS)) console.log(`  ${c.usage.padEnd(40)} ${c.description}`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    printUsage();
    return name && name !== 'help' ? 2 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    // Commands may run before the server ever started on this database.
    await runMigrations(database);
    await seedDemoOperator(database.db);
    await command.run({ database, print: (v) => console.log(JSON.stringify(v, null, 2)) }, args);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    if (err instanceof ZodError) {
      console.error(`invalid value:\n${err.issues.map((i) => `  ${i.path.join('.') || '(value)'}: ${i.message}`).join('\n')}`);
      return 2;
    }
    if (err instanceof Error && /^not an? /.test(err.message)) {
      console.error(err.message);
      return 2;
    }
    throw err;
  } finally {
    await database.close();
  }
}

// Run only as a script, so tests and later tooling can import COMMANDS.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
