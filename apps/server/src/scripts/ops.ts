import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { ZodError } from 'zod';
import { loadConfig } from '../config';
import { isAppError } from '../http/app-error';
import { openDatabase } from '../db/database';
import type { OpsCommand, OpsContext } from './ops-command';
import { runMigrations } from '../db/migrate';
import { seedDemoOperator } from '../db/seed';
import { prepareForLicence } from '../db/seed-jurisdiction';
import { createKeyService } from '../modules/system/key.service';
import { SETTING_KEYS, isSettingKey } from '../modules/system/operator-settings';
import { createSystemService } from '../modules/system/system.service';
import { OPERATOR_COMMANDS } from '../modules/operator/operator.ops';
import { cliActor, opsServicesOf } from './ops-command';
import { createAuditService } from '../modules/audit/audit.service';
import type { AuditedChange } from '../modules/system/system.service';
import { DEPOSIT_COMMANDS } from '../modules/deposit/deposit.ops';
import { SECURITY_COMMANDS } from '../modules/security/security.ops';
import { WITHDRAWAL_COMMANDS } from '../modules/withdrawal/withdrawal.ops';
import { CATALOGUE_COMMANDS } from '../modules/catalogue/catalogue.ops';
import { GATEWAY_COMMANDS } from '../modules/gateway/gateway.ops';
import { AUDIT_COMMANDS } from '../modules/audit/audit.ops';
import { RECORDS_COMMANDS } from '../modules/records/records.ops';
import { JURISDICTION_PROFILES, type JurisdictionProfile } from '@wps/shared/licence';
import { allowsSignUpBonus } from '@wps/shared/rewards-jurisdiction';
import { createLicencePolicy } from '../modules/licence/licence-policy';

/**
 * `npm run ops -- <command> [args]`: operator tasks on the database the server uses (same env:
 * DATABASE_URL, else PGlite under DATA_DIR). On PostgreSQL it is safe while servers run; they
 * pick changes up within a few seconds. PGlite's data directory is single-process: stop the
 * server first.
 *
 * To add a command, add an entry to COMMANDS.
 */

/** Thrown for wrong usage: printed without a stack trace. */
export class UsageError extends Error {}

function systemOf(ctx: OpsContext) {
  // No cache: every command reads what is stored right now.
  const system = createSystemService({ db: ctx.database.db, log: silentLog, cacheMs: 0 });
  // The licence as services.ts wires it: the system module reads the profile through these.
  const licence = createLicencePolicy({ db: ctx.database.db });
  system.setJurisdictionSource(() => licence.profile());
  system.setSignUpBonusPolicy(async () => allowsSignUpBonus(await licence.profile()));
  return system;
}

const silentLog = pino({ level: 'warn' });

/** CLI changes are audited as `ops-cli:<OS user>`, with the reason typed after the arguments (if any). */
function auditedBy(ctx: OpsContext, reason: string[]): AuditedChange {
  return {
    audit: createAuditService({ db: ctx.database.db }),
    actor: cliActor(),
    reason: reason.length ? reason.join(' ') : null,
  };
}

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
    usage: 'config:set <key> <json-value> [reason…]',
    description: `Validate and store one setting, e.g. maintenance true, blockedCountries '["US"]'. Audited (settings.<key>, before and after). Keys: ${SETTING_KEYS.join(', ')}.`,
    async run(ctx, [key, value, ...reason]) {
      if (key === undefined || !isSettingKey(key)) {
        throw new UsageError(`unknown setting "${key ?? ''}"; known: ${SETTING_KEYS.join(', ')}`);
      }
      const stored = await systemOf(ctx).updateSetting(key, parseJsonArgument(value), auditedBy(ctx, reason));
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
    description:
      'Map a CIDR block to an ISO country code (the most specific block wins). Audited, with the note as the reason.',
    async run(ctx, [cidr, country, ...note]) {
      if (!cidr || !country) throw new UsageError('usage: region:add <cidr> <country> [note]');
      const stored = await systemOf(ctx).addRegionCidr(
        cidr,
        country.toUpperCase(),
        note.length ? note.join(' ') : undefined,
        auditedBy(ctx, note),
      );
      ctx.print({ cidr: stored, countryCode: country.toUpperCase() });
    },
  },
  'region:remove': {
    usage: 'region:remove <cidr> [reason…]',
    description: 'Remove a CIDR block. Audited.',
    async run(ctx, [cidr, ...reason]) {
      if (!cidr) throw new UsageError('usage: region:remove <cidr> [reason…]');
      ctx.print({ removed: await systemOf(ctx).removeRegionCidr(cidr, auditedBy(ctx, reason)) });
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
  'keys:rotate': {
    usage: 'keys:rotate',
    description: 'Make a new payload-encryption key current; the old one keeps working for 10 minutes.',
    async run(ctx) {
      const keys = createKeyService({ db: ctx.database.db, log: silentLog });
      const { keyId } = await keys.rotateKey();
      ctx.print({ keyId });
    },
  },
  'licence:set': {
    usage: 'licence:set <permissive|BR> [--prepare] <reason…>',
    description:
      "Set the operator's licence profile from the console (a new installation, the demo, tests): refused while live set-ups break it, audited as the console. --prepare first does what the demo's installation does before a switch (the VIP levels' cash bonuses on deposit thresholds become points, the products the profile forbids are switched off), each change audited as the console. In the back office a switch waits for a second operator.",
    async run(ctx, [profile, ...rest]) {
      if (!profile || !(JURISDICTION_PROFILES as readonly string[]).includes(profile))
        throw new UsageError(`usage: licence:set <${JURISDICTION_PROFILES.join('|')}> [--prepare] <reason…>`);
      const prepare = rest[0] === '--prepare';
      const reason = (prepare ? rest.slice(1) : rest).join(' ');
      if (reason === '') throw new UsageError('licence:set needs a reason after the profile');
      // The services as the server builds them, so the console asks every blocker source the
      // back office's switch asks (each module registers its own in services.ts), not a subset.
      const services = opsServicesOf(ctx);
      const actor = cliActor();
      const switchedOff = prepare
        ? await prepareForLicence(services, profile as JurisdictionProfile, actor, reason)
        : [];
      await services.licence.changes.setFromConsole(profile as JurisdictionProfile, reason, actor);
      ctx.print({ profile, switchedOff: switchedOff.map((b) => `${b.kind} ${b.id}`) });
    },
  },
  ...OPERATOR_COMMANDS,
  ...DEPOSIT_COMMANDS,
  ...SECURITY_COMMANDS,
  ...WITHDRAWAL_COMMANDS,
  ...CATALOGUE_COMMANDS,
  ...GATEWAY_COMMANDS,
  ...AUDIT_COMMANDS,
  ...RECORDS_COMMANDS,
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // Through PgBouncer: no per-connection SET (database.ts).
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
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
      console.error(
        `invalid value:\n${err.issues.map((i) => `  ${i.path.join('.') || '(value)'}: ${i.message}`).join('\n')}`,
      );
      return 2;
    }
    if (err instanceof Error && /^not an? /.test(err.message)) {
      console.error(err.message);
      return 2;
    }
    // An expected refusal (e.g. WITHDRAWAL_ALREADY_RESOLVED): its code and message, no stack.
    if (isAppError(err)) {
      console.error(
        `${err.errorCode}: ${err.message}${err.value === undefined ? '' : ` ${JSON.stringify(err.value)}`}`,
      );
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

// Run only as a script, so tests and later tooling can import COMMANDS.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    // A command that ran but found a problem (audit:verify, round:show) sets process.exitCode.
    (code) => process.exit(code || Number(process.exitCode ?? 0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
