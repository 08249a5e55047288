import os from 'node:os';
import { isAppError } from '../../http/app-error';
import type { OpsCommand, OpsContext } from '../../scripts/ops-command';
import { createAuditService } from '../audit/audit.service';
import { createBankList } from './bank-list';
import { createSecurityAdminService, SecurityAdminError, type SecurityActor } from './security-admin.service';

/** The CLI acts as the system, named after the OS user who ran it (the audit log keeps it). */
function cliActor(): SecurityActor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): keep 'unknown'.
  }
  return { actorType: 'system', actorId: `ops-cli:${user}` };
}

function adminOf(ctx: OpsContext) {
  const db = ctx.database.db;
  return createSecurityAdminService({ db, audit: createAuditService({ db }) });
}

/** The bank list the /ops/banks routes use (services.security), over the CLI's database. */
function bankListOf(ctx: OpsContext) {
  const db = ctx.database.db;
  return createBankList({ db, audit: createAuditService({ db }) });
}

/** The first refused field of a VALIDATION_FAILED answer, as `body.name`. */
function refusedField(value: unknown): string {
  const field = (value as { fields?: { field?: unknown }[] } | undefined)?.fields?.[0]?.field;
  return typeof field === 'string' ? field.replace(/^(body|params)\./, '') : 'input';
}

/** Run an admin call, turning its input errors into the CLI's "not a …" usage errors. */
async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SecurityAdminError) {
      throw new Error(err.message.startsWith('not a') ? err.message : `not a valid call: ${err.message}`, {
        cause: err,
      });
    }
    if (isAppError(err) && err.errorCode === 'VALIDATION_FAILED')
      throw new Error(`not a valid ${refusedField(err.value)}: ${err.message}`, { cause: err });
    if (isAppError(err) && err.errorCode === 'NOT_FOUND')
      throw new Error(`not a known bank: ${String((err.value as { bankCode?: unknown }).bankCode)}`, { cause: err });
    throw err;
  }
}

/** `npm run ops` commands of the security centre: the bank list and payment-password resets. */
export const SECURITY_COMMANDS: Record<string, OpsCommand> = {
  'bank:list': {
    usage: 'bank:list',
    description: 'List the banks players can bind accounts at, with their switch, order and bound accounts.',
    async run(ctx) {
      ctx.print(await bankListOf(ctx).listBanksForOps());
    },
  },
  'bank:set': {
    usage: 'bank:set <code> <name…> [--order N]',
    description: 'Add a bank (enabled) or rename / reorder one. Audited.',
    async run(ctx, args) {
      const orderAt = args.indexOf('--order');
      const sortOrder = orderAt >= 0 ? Number(args[orderAt + 1]) : undefined;
      const rest = orderAt >= 0 ? args.slice(0, orderAt) : args;
      const [code, ...name] = rest;
      if (!code || name.length === 0) throw new Error('not a valid call: usage bank:set <code> <name…> [--order N]');
      ctx.print(
        await run(() => bankListOf(ctx).saveBank(cliActor(), { code, name: name.join(' '), sortOrder, reason: null })),
      );
    },
  },
  'bank:enable': {
    usage: 'bank:enable <code> [reason…]',
    description: 'Offer a bank again for new bank accounts. Audited.',
    async run(ctx, [code, ...reason]) {
      if (!code) throw new Error('not a valid call: usage bank:enable <code> [reason…]');
      ctx.print(
        await run(() =>
          bankListOf(ctx).setBankEnabled(cliActor(), {
            code,
            enabled: true,
            reason: reason.length ? reason.join(' ') : null,
          }),
        ),
      );
    },
  },
  'bank:disable': {
    usage: 'bank:disable <code> [reason…]',
    description: 'Stop offering a bank for new bank accounts (bound accounts keep it). Audited.',
    async run(ctx, [code, ...reason]) {
      if (!code) throw new Error('not a valid call: usage bank:disable <code> [reason…]');
      ctx.print(
        await run(() =>
          bankListOf(ctx).setBankEnabled(cliActor(), {
            code,
            enabled: false,
            reason: reason.length ? reason.join(' ') : null,
          }),
        ),
      );
    },
  },
  'payment-password:reset': {
    usage: 'payment-password:reset <account> <reason…>',
    description: "Remove a player's forgotten payment password (and its lock) so they can set a new one.",
    async run(ctx, [account, ...reason]) {
      if (!account || reason.length === 0)
        throw new Error('not a valid call: usage payment-password:reset <account> <reason…>');
      ctx.print(await run(() => adminOf(ctx).resetPaymentPassword(cliActor(), account, reason.join(' '))));
    },
  },
};
