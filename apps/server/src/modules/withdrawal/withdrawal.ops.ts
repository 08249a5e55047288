import os from 'node:os';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@wps/shared/schemas/withdrawal';
import type { OpsCommand } from '../../scripts/ops-command';
import { opsServicesOf } from '../../scripts/ops-command';
import type { WithdrawalActor } from './withdrawal.service';

/** The CLI acts as the system, named after the OS user who ran it (the audit log keeps it). */
function cliActor(): WithdrawalActor {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): keep 'unknown'.
  }
  return { actorType: 'system', actorId: `ops-cli:${user}` };
}

function requireId(id: string | undefined, usage: string): string {
  if (!id || !/^\d{1,18}$/.test(id)) throw new Error(`not a valid call: usage ${usage}`);
  return id;
}

/** `npm run ops` commands for withdrawals: the same service calls as the /ops/withdrawals routes. */
export const WITHDRAWAL_COMMANDS: Record<string, OpsCommand> = {
  'withdrawal:list': {
    usage: 'withdrawal:list [status]',
    description: `List withdrawals, oldest first within a status (${WITHDRAWAL_STATUSES.join(', ')}).`,
    async run(ctx, [status]) {
      if (status !== undefined && !(WITHDRAWAL_STATUSES as readonly string[]).includes(status)) {
        throw new Error(`not a valid call: status must be one of ${WITHDRAWAL_STATUSES.join(', ')}`);
      }
      const page = await opsServicesOf(ctx).withdrawal.listForOperator({
        status: status as WithdrawalStatus | undefined,
        page: 1,
        pageSize: 100,
      });
      ctx.print(page.list);
      if (page.total > page.list.length)
        ctx.print(
          `(first ${page.list.length} of ${page.total}; the back office's Withdrawals queue pages through all)`,
        );
    },
  },
  'withdrawal:approve': {
    usage: 'withdrawal:approve <id> <reason>',
    description: 'Approve a pending withdrawal: its hold is paid out to house_cash; the player then confirms receipt.',
    async run(ctx, [id, ...reason]) {
      const orderId = requireId(id, 'withdrawal:approve <id> <reason>');
      if (reason.length === 0) throw new Error('not a valid call: usage withdrawal:approve <id> <reason>');
      ctx.print(await opsServicesOf(ctx).withdrawal.approve(cliActor(), orderId, reason.join(' ')));
    },
  },
  'withdrawal:reject': {
    usage: 'withdrawal:reject <id> <reason>',
    description: 'Reject a pending withdrawal: its hold is voided and the money returns to the player.',
    async run(ctx, [id, ...reason]) {
      const orderId = requireId(id, 'withdrawal:reject <id> <reason>');
      if (reason.length === 0) throw new Error('not a valid call: usage withdrawal:reject <id> <reason>');
      ctx.print(await opsServicesOf(ctx).withdrawal.reject(cliActor(), orderId, reason.join(' ')));
    },
  },
  'withdrawal:resolve': {
    usage: 'withdrawal:resolve <id> <note>',
    description:
      'Close a disputed ("not received") withdrawal after checking or re-sending the payout. Moves no money.',
    async run(ctx, [id, ...note]) {
      const orderId = requireId(id, 'withdrawal:resolve <id> <note>');
      if (note.length === 0) throw new Error('not a valid call: usage withdrawal:resolve <id> <note>');
      ctx.print(await opsServicesOf(ctx).withdrawal.resolveDispute(cliActor(), orderId, note.join(' ')));
    },
  },
  'withdrawal:auto-receipt': {
    usage: 'withdrawal:auto-receipt',
    description:
      'Mark every approved withdrawal past its confirmation deadline as received (the server also does this every 30 s).',
    async run(ctx) {
      ctx.print({ settled: await opsServicesOf(ctx).withdrawal.runAutoReceipt() });
    },
  },
};
