import { confirmDepositBodySchema } from '@wps/shared/schemas/deposit';
import type { OpsCommand } from '../../scripts/ops-command';
import { cliActor, opsServicesOf } from '../../scripts/ops-command';

const STATUSES = ['pending', 'credited', 'failed', 'expired'] as const;

const CONFIRM_USAGE =
  'deposit:confirm <id> [--payer-name=<name>] [--payer-cpf=<cpf>] [--bank-ref=<reference>] <reason>';
const PAYER_OPTIONS = {
  '--payer-name=': 'payerName',
  '--payer-cpf=': 'payerCpf',
  '--bank-ref=': 'bankReference',
} as const;

/** The confirmation's body from the command's words: the payer's options, and the rest as the reason. */
function confirmBodyOf(words: string[]) {
  const body: Record<string, string> = {};
  const reason: string[] = [];
  for (const word of words) {
    const option = Object.entries(PAYER_OPTIONS).find(([prefix]) => word.startsWith(prefix));
    if (option) body[option[1]] = word.slice(option[0].length);
    else reason.push(word);
  }
  const parsed = confirmDepositBodySchema.safeParse({ ...body, reason: reason.join(' ') });
  if (!parsed.success) throw new Error(`not a valid call: usage ${CONFIRM_USAGE}`);
  return parsed.data;
}

function requireId(id: string | undefined, usage: string): string {
  if (!id || !/^\d{1,18}$/.test(id)) throw new Error(`not a valid call: usage ${usage}`);
  return id;
}

/** `npm run ops` commands over the deposit service (the same one the /ops routes use). */
export const DEPOSIT_COMMANDS: Record<string, OpsCommand> = {
  'deposit:list': {
    usage: 'deposit:list [status]',
    description: `List deposit orders, newest first (status: ${STATUSES.join(', ')}; default pending).`,
    async run(ctx, [status = 'pending']) {
      if (!STATUSES.includes(status as (typeof STATUSES)[number])) throw new Error(`not a valid status: ${status}`);
      const page = await opsServicesOf(ctx).deposits.listOpsOrders({
        status: status as (typeof STATUSES)[number],
        page: 1,
        pageSize: 100,
      });
      ctx.print(
        page.list.map((o) => ({
          id: o.id,
          account: o.account,
          channel: o.channelName,
          type: o.type,
          amount: `${o.amount} ${o.currency}`,
          referenceCode: o.referenceCode,
          status: o.status,
          createdAt: o.createdAt,
        })),
      );
    },
  },
  'deposit:confirm': {
    usage: CONFIRM_USAGE,
    description:
      "Confirm a manual bank-transfer order with the payer read on the statement: the player is credited once (under BR only from the player's own CPF).",
    async run(ctx, [id, ...words]) {
      const orderId = requireId(id, CONFIRM_USAGE);
      ctx.print(await opsServicesOf(ctx).deposits.confirmManual(cliActor(), orderId, confirmBodyOf(words)));
    },
  },
  'deposit:reject': {
    usage: 'deposit:reject <id> <reason>',
    description: 'Reject a pending manual bank-transfer order with a reason the player sees.',
    async run(ctx, [id, ...reason]) {
      const orderId = requireId(id, 'deposit:reject <id> <reason>');
      if (reason.length === 0) throw new Error('not a valid call: a reason is required');
      ctx.print(await opsServicesOf(ctx).deposits.rejectManual(cliActor(), orderId, reason.join(' ')));
    },
  },
  'deposit:expire': {
    usage: 'deposit:expire',
    description:
      'Resolve overdue pending orders now (gateway status check, else expire), and ask the gateway again to send back returned payments it has not confirmed. Idempotent.',
    async run(ctx) {
      const { deposits } = opsServicesOf(ctx);
      ctx.print({ ...(await deposits.sweepOverdue(1000)), returns: await deposits.retryReturns(1000) });
    },
  },
};
