import crypto from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { loadConfig, parseEnv } from '../../config';
import { createServices } from '../../services';
import type { OpsCommand, OpsContext } from '../../scripts/ops-command';
import type { OperatorRole } from './operator.service';
import { OPERATOR_ROLES } from './operator.service';

/** The services over the CLI's database, built the same way the server builds them. */
export function opsServicesOf(ctx: OpsContext) {
  return createServices({ config: loadConfig(), database: ctx.database, db: ctx.database.db, log: pino({ level: 'warn' }) });
}

/** The CLI acts as the system, named after the OS user who ran it (the audit log keeps it). */
export function cliActor(): { actorType: 'system'; actorId: string } {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): keep 'unknown'.
  }
  return { actorType: 'system', actorId: `ops-cli:${user}` };
}

/** A strong password for a new operator when OPS_PASSWORD is not given: 24 base64url characters. */
function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/** `npm run ops` commands for operator accounts. */
export const OPERATOR_COMMANDS: Record<string, OpsCommand> = {
  'operator:create': {
    usage: 'operator:create <username> <role>',
    description: `Create an operator (${OPERATOR_ROLES.join(', ')}). Password from OPS_PASSWORD, else generated and printed once.`,
    async run(ctx, [username, role]) {
      if (!username || !role || !OPERATOR_ROLES.includes(role as OperatorRole)) {
        throw new Error(`not a valid call: usage operator:create <username> <${OPERATOR_ROLES.join('|')}>`);
      }
      const given = parseEnv().OPS_PASSWORD;
      const password = given && given.length > 0 ? given : generatePassword();
      const created = await opsServicesOf(ctx).operators.createOperator({ username, role: role as OperatorRole, password });
      // The generated password exists nowhere else: show it this once.
      ctx.print(given ? created : { ...created, password });
    },
  },
  'operator:disable': {
    usage: 'operator:disable <username> [reason]',
    description: 'Disable an operator: every session ends now and logins fail. Audited.',
    async run(ctx, [username, ...reason]) {
      if (!username) throw new Error('not a valid call: usage operator:disable <username> [reason]');
      const done = await opsServicesOf(ctx).operators.setOperatorStatus(cliActor(), username, 'disabled', reason.length ? reason.join(' ') : null);
      if (!done) throw new Error(`not an operator: ${username}`);
      ctx.print({ username: username.toLowerCase(), status: 'disabled' });
    },
  },
  'operator:enable': {
    usage: 'operator:enable <username> [reason]',
    description: 'Enable a disabled operator again. Audited.',
    async run(ctx, [username, ...reason]) {
      if (!username) throw new Error('not a valid call: usage operator:enable <username> [reason]');
      const done = await opsServicesOf(ctx).operators.setOperatorStatus(cliActor(), username, 'active', reason.length ? reason.join(' ') : null);
      if (!done) throw new Error(`not an operator: ${username}`);
      ctx.print({ username: username.toLowerCase(), status: 'active' });
    },
  },
  'operator:totp-reset': {
    usage: 'operator:totp-reset <username> <reason>',
    description: 'Forget an operator\'s two-factor (TOTP) setup: sessions end, the next login enrols again. Audited.',
    async run(ctx, [username, ...reason]) {
      if (!username || reason.length === 0) throw new Error('not a valid call: usage operator:totp-reset <username> <reason>');
      const done = await opsServicesOf(ctx).operators.resetTotp(cliActor(), username, reason.join(' '));
      if (!done) throw new Error(`not an operator: ${username}`);
      ctx.print({ username: username.toLowerCase(), totpEnrolled: false });
    },
  },
  'operator:list': {
    usage: 'operator:list',
    description: 'List operators with their role, status, two-factor enrolment and last login.',
    async run(ctx) {
      ctx.print(await opsServicesOf(ctx).operators.listOperators());
    },
  },
};
