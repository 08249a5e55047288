import os from 'node:os';
import type { OpsCommand, OpsContext } from '../../scripts/ops-command';
import { createAuditService } from '../audit/audit.service';
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

/** Run an admin call, turning its input errors into the CLI's "not a …" usage errors. */
async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SecurityAdminError) {
      throw new Error(err.message.startsWith('not a') ? err.message : `not a valid call: ${err.message}`, { cause: err });
    }
    throw err;
  }
}

/** `npm run ops` commands of the security centre: the bank list and payment-password resets. */
export const SECURITY_COMMANDS: Record<string, OpsCommand> = {
  'bank:list': {
    usage: 'bank:list',
    description: 'List the banks players can bind accounts at, with their switch and order.',
    async run(ctx) {
      ctx.print(await adminOf(ctx).listBanks());
    },
  },
  'bank:set': {
    usage: 'bank:set <code> <name…> [--order N]',
    description: 'Add a bank (enabled) or rename / reorder one.',
    async run(ctx, args) {
      const orderAt = args.indexOf('--order');
      const sortOrder = orderAt >= 0 ? Number(args[orderAt + 1]) : undefined;
      const rest = orderAt >= 0 ? args.slice(0, orderAt) : args;
      const [code, ...name] = rest;
      if (!code || name.length === 0) throw new Error('not a valid call: usage bank:set <code> <name…> [--order N]');
      ctx.print(await run(() => adminOf(ctx).saveBank(cliActor(), { code, name: name.join(' '), sortOrder })));
    },
  },
  'bank:enable': {
    usage: 'bank:enable <code> [reason…]',
    description: 'Offer a bank again for new bank accounts. Audited.',
    async run(ctx, [code, ...reason]) {
      if (!code) throw new Error('not a valid call: usage bank:enable <code> [reason…]');
      ctx.print(await run(() => adminOf(ctx).setBankEnabled(cliActor(), code, true, reason.length ? reason.join(' ') : null)));
    },
  },
  'bank:disable': {
    usage: 'bank:disable <code> [reason…]',
    description: 'Stop offering a bank for new bank accounts (bound accounts keep it). Audited.',
    async run(ctx, [code, ...reason]) {
      if (!code) throw new Error('not a valid call: usage bank:disable <code> [reason…]');
      ctx.print(await run(() => adminOf(ctx).setBankEnabled(cliActor(), code, false, reason.length ? reason.join(' ') : null)));
    },
  },
  'payment-password:reset': {
    usage: 'payment-password:reset <account> <reason…>',
    description: 'Remove a player\'s forgotten payment password (and its lock) so they can set a new one.',
    async run(ctx, [account, ...reason]) {
      if (!account || reason.length === 0) throw new Error('not a valid call: usage payment-password:reset <account> <reason…>');
      ctx.print(await run(() => adminOf(ctx).resetPaymentPassword(cliActor(), account, reason.join(' '))));
    },
  },
};
