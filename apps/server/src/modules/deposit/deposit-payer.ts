import type { Kysely } from 'kysely';
import { maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { ConfirmDepositValues, DepositPayer } from '@wps/shared/schemas/deposit';
import { AppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import type { ChannelRow, OrderRow } from './deposit.repository';
import { markOrderReturned } from './deposit-returns.repository';
import type { DepositOwnership } from './deposit.types';
import type { GatewayProvider } from './gateway-provider';

/**
 * Whose money a deposit is (docs/compliance.md, "PIX"). Under a licence that pays only the
 * player's own accounts (BR: Law 14.790/2023 and SPA/MF Ordinance 615/2024 on payment transactions), a payment is
 * credited only when it came from the player's own CPF; any other is returned to its payer.
 */

/** A payment from a CPF other than the player's. */
export const PAYER_NOT_OWNER = 'payer_not_owner';
/** A payment whose payer the gateway did not name, so it cannot be shown to be the player's. */
export const PAYER_UNKNOWN = 'payer_unknown';

/** Why this paid order may not be credited (the failure reason and the payer, masked), or null when it may. */
export async function payerRefusal(
  ownership: DepositOwnership | undefined,
  order: OrderRow,
  payerCpf: string | undefined,
): Promise<{ reason: string; payerCpfMasked: string | null } | null> {
  if (!ownership || order.channelType !== 'gateway') return null;
  if (!(await ownership.rules()).ownAccountsOnly) return null;
  if (!payerCpf) return { reason: PAYER_UNKNOWN, payerCpfMasked: null };
  const own = await ownership.cpfOf(order.memberId);
  return own === payerCpf ? null : { reason: PAYER_NOT_OWNER, payerCpfMasked: maskCpf(payerCpf) };
}

/**
 * The payer of a manual bank transfer as the confirming operator read it on the statement, as it
 * is kept (the CPF masked; docs/compliance.md, "Manual bank transfers"), or null when the operator
 * read none. Where only the player's own money is credited (BR) the confirmation is refused
 * (DEPOSIT_PAYER_NOT_OWNER) unless the statement's CPF is the player's: no CPF read is
 * 'payer_unknown', another CPF (or a player with none on file) 'payer_not_owner'. The operator
 * then rejects the order and sends the money back from the bank. Asked before the crediting
 * transaction, as the gateway's payer is (the identity module reads outside it); a player's CPF,
 * once on file, does not change.
 */
export async function manualPayer(
  ownership: DepositOwnership | undefined,
  order: OrderRow,
  statement: Pick<ConfirmDepositValues, 'payerName' | 'payerCpf' | 'bankReference'>,
): Promise<DepositPayer | null> {
  const { payerName, payerCpf, bankReference } = statement;
  const own = ownership ? await ownership.cpfOf(order.memberId) : null;
  if (ownership && (await ownership.rules()).ownAccountsOnly) {
    if (!payerCpf)
      throw new AppError(ErrorCode.DEPOSIT_PAYER_NOT_OWNER, "The statement's payer CPF is required", {
        reason: PAYER_UNKNOWN,
      });
    if (own !== payerCpf)
      throw new AppError(ErrorCode.DEPOSIT_PAYER_NOT_OWNER, "The payer's CPF is not the player's", {
        reason: PAYER_NOT_OWNER,
        payerCpfMasked: maskCpf(payerCpf),
      });
  }
  if (!payerName && !payerCpf && !bankReference) return null;
  return {
    name: payerName ?? null,
    cpfMasked: payerCpf ? maskCpf(payerCpf) : null,
    isPlayer: payerCpf && own ? payerCpf === own : null,
    bankReference: bankReference ?? null,
  };
}

/**
 * Ask the gateway to send a returned order's money back to its payer and record when it did.
 * Outside any transaction (another party). Asking again is safe: the gateway answers its first
 * return, and the order's time is written once.
 */
export async function returnToPayer(db: Kysely<Database>, provider: GatewayProvider, order: OrderRow): Promise<void> {
  if (order.status !== 'returned' || order.returnedAt || !order.providerRef) return;
  const { returnedAt } = await provider.returnPayment(order.providerRef);
  await markOrderReturned(db, order.id, returnedAt);
}

/** Whether the licence lets players pay with this kind of money (BR: PIX and bank transfers; no cards, crypto or cash). */
async function allowsMethod(ownership: DepositOwnership | undefined, method: ChannelRow['method']): Promise<boolean> {
  const allowed = ownership ? (await ownership.rules()).depositMethods : 'any';
  return allowed === 'any' || allowed.includes(method);
}

/** The channels a player may see: those whose kind of money the licence allows. */
export async function allowedChannels(
  ownership: DepositOwnership | undefined,
  channels: ChannelRow[],
): Promise<ChannelRow[]> {
  const allowed = await Promise.all(channels.map((c) => allowsMethod(ownership, c.method)));
  return channels.filter((_, i) => allowed[i]);
}

/**
 * Refuse an order on a channel the licence does not allow (DEPOSIT_METHOD_NOT_ALLOWED), and a
 * gateway order from a player with no CPF on file where only the player's own money is credited
 * (OWN_CPF_REQUIRED): whatever they paid would only be returned.
 */
export async function assertChannelAllowed(
  ownership: DepositOwnership | undefined,
  channel: ChannelRow,
  memberId: string,
): Promise<void> {
  if (!(await allowsMethod(ownership, channel.method)))
    throw new AppError(ErrorCode.DEPOSIT_METHOD_NOT_ALLOWED, 'The licence does not allow this kind of payment', {
      method: channel.method,
    });
  if (
    channel.type === 'gateway' &&
    ownership &&
    (await ownership.rules()).ownAccountsOnly &&
    !(await ownership.cpfOf(memberId))
  ) {
    throw new AppError(ErrorCode.OWN_CPF_REQUIRED, 'Your account has no CPF to match payments against');
  }
}
