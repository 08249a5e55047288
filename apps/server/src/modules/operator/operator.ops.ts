import { parseEnv } from '../../config';
import { cliActor, opsServicesOf, type OpsCommand } from '../../scripts/ops-command';
import type { OperatorRole } from './operator.service';
import { OPERATOR_ROLES } from './operator.service';
import { generateOperatorPassword } from './operator-admin';

/** `npm run ops` commands for operator accounts. */
export const OPERATOR_COMMANDS: Record<string, OpsCommand> = {
  'operator:create': {
    usage: 'operator:create <username> <role> [reason]',
    description: `Create an operator (${OPERATOR_ROLES.join(', ')}). Password from OPS_PASSWORD, else generated and printed once. Audited.`,
    async run(ctx, [username, role, ...reason]) {
      if (!username || !role || !OPERATOR_ROLES.includes(role as OperatorRole)) {
        throw new Error(`not a valid call: usage operator:create <username> <${OPERATOR_ROLES.join('|')}> [reason]`);
      }
      const given = parseEnv().OPS_PASSWORD;
      const password = given && given.length > 0 ? given : generateOperatorPassword();
      const created = await opsServicesOf(ctx).operators.createOperator(
        { username, role: role as OperatorRole, password },
        { actor: cliActor(), reason: reason.length ? reason.join(' ') : 'created with the ops CLI' },
      );
      // The generated password exists nowhere else: show it this once.
      ctx.print(given ? created : { ...created, password });
    },
  },
  'operator:disable': {
    usage: 'operator:disable <username> <reason>',
    description: 'Disable an operator: every session ends now and logins fail. Audited.',
    async run(ctx, [username, ...reason]) {
      if (!username || reason.length === 0)
        throw new Error('not a valid call: usage operator:disable <username> <reason>');
      if (!(await opsServicesOf(ctx).operators.findOperator(username))) throw new Error(`not an operator: ${username}`);
      await opsServicesOf(ctx).operators.setOperatorStatus(cliActor(), username, 'disabled', reason.join(' '));
      ctx.print({ username: username.toLowerCase(), status: 'disabled' });
    },
  },
  'operator:enable': {
    usage: 'operator:enable <username> <reason>',
    description: 'Enable a disabled operator again. Audited.',
    async run(ctx, [username, ...reason]) {
      if (!username || reason.length === 0)
        throw new Error('not a valid call: usage operator:enable <username> <reason>');
      if (!(await opsServicesOf(ctx).operators.findOperator(username))) throw new Error(`not an operator: ${username}`);
      await opsServicesOf(ctx).operators.setOperatorStatus(cliActor(), username, 'active', reason.join(' '));
      ctx.print({ username: username.toLowerCase(), status: 'active' });
    },
  },
  'operator:role': {
    usage: 'operator:role <username> <role> <reason>',
    description: `Change an operator's role (${OPERATOR_ROLES.join(', ')}); the last active admin keeps theirs. Audited.`,
    async run(ctx, [username, role, ...reason]) {
      if (!username || !role || !OPERATOR_ROLES.includes(role as OperatorRole) || reason.length === 0) {
        throw new Error(`not a valid call: usage operator:role <username> <${OPERATOR_ROLES.join('|')}> <reason>`);
      }
      const services = opsServicesOf(ctx);
      if (!(await services.operators.findOperator(username))) throw new Error(`not an operator: ${username}`);
      const changed = await services.operators.changeRole(cliActor(), username, role as OperatorRole, reason.join(' '));
      ctx.print({ username: changed.username, role: changed.role });
    },
  },
  'operator:totp-reset': {
    usage: 'operator:totp-reset <username> <reason>',
    description: "Forget an operator's two-factor (TOTP) setup: sessions end, the next login enrols again. Audited.",
    async run(ctx, [username, ...reason]) {
      if (!username || reason.length === 0)
        throw new Error('not a valid call: usage operator:totp-reset <username> <reason>');
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
