import { formatMinor } from '@wps/shared/money';
import type {
  DepositOrder,
  OpsDepositChannel,
  OpsDepositOrder,
  Paged,
  depositChannelInputSchema,
} from '@wps/shared/schemas/deposit';
import type { z } from 'zod';
import type { ChannelRow, ChannelValues, OrderRow } from './deposit.repository';

// How deposit orders and channels are shown to players, operators and the audit log.

/** What the audit log keeps of an order before and after a change. */
export function orderSnapshot(
  o: OrderRow,
  patch: Partial<
    Pick<OrderRow, 'status' | 'failureReason' | 'ledgerTransactionId' | 'resolvedBy' | 'payerCpfMasked' | 'payer'>
  > = {},
) {
  const merged = { ...o, ...patch };
  return {
    status: merged.status,
    memberId: merged.memberId,
    channelId: merged.channelId,
    type: merged.channelType,
    currency: merged.currency,
    amountMinor: merged.amountMinor.toString(),
    feeMinor: merged.feeMinor.toString(),
    creditMinor: merged.creditMinor.toString(),
    referenceCode: merged.referenceCode,
    providerRef: merged.providerRef,
    failureReason: merged.failureReason,
    payerCpfMasked: merged.payerCpfMasked,
    ledgerTransactionId: merged.ledgerTransactionId,
    resolvedBy: merged.resolvedBy,
    // A manual transfer's payer, once recorded (the CPF masked); absent from every other order's snapshot.
    ...(merged.payer ? { payer: merged.payer } : {}),
  };
}

export function channelSnapshot(c: ChannelRow) {
  return {
    name: c.name,
    type: c.type,
    currency: c.currency,
    minMinor: c.minMinor.toString(),
    maxMinor: c.maxMinor.toString(),
    feeFixedMinor: c.feeFixedMinor.toString(),
    feeBps: c.feeBps,
    enabled: c.enabled,
    sort: c.sort,
    bankName: c.bankName,
    accountNumber: c.accountNumber,
    accountHolder: c.accountHolder,
    provider: c.provider,
    method: c.method,
  };
}

export function toOpsChannel(c: ChannelRow): OpsDepositChannel {
  return { ...channelSnapshot(c), id: c.id, updatedAt: c.updatedAt.toISOString() };
}

export function toOrderView(o: OrderRow, scale: number): DepositOrder {
  return {
    id: o.id,
    channelId: o.channelId,
    channelName: o.channelName,
    type: o.channelType,
    status: o.status,
    currency: o.currency,
    scale,
    amount: formatMinor(o.amountMinor, scale),
    amountMinor: o.amountMinor.toString(),
    fee: formatMinor(o.feeMinor, scale),
    feeMinor: o.feeMinor.toString(),
    credit: formatMinor(o.creditMinor, scale),
    creditMinor: o.creditMinor.toString(),
    referenceCode: o.referenceCode,
    failureReason: o.failureReason,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    resolvedAt: o.resolvedAt?.toISOString() ?? null,
    bank:
      o.channelType === 'manual_bank' && o.bankName && o.accountNumber && o.accountHolder
        ? { bankName: o.bankName, accountNumber: o.accountNumber, accountHolder: o.accountHolder }
        : null,
    payUrl: o.channelType === 'gateway' && o.status === 'pending' ? o.payUrl : null,
    method: o.method,
    pixCode: o.status === 'pending' ? o.pixCode : null,
    payerCpfMasked: o.payerCpfMasked,
    returnedAt: o.returnedAt?.toISOString() ?? null,
  };
}

export function toOpsOrderView(o: OrderRow, scale: number, account: string): OpsDepositOrder {
  return {
    ...toOrderView(o, scale),
    memberId: o.memberId,
    account,
    providerRef: o.providerRef,
    resolvedBy: o.resolvedBy,
    payer: o.payer,
  };
}

export function paged<T>(list: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { list, total, page, pageSize, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** A channel as the operator saved it; receiving-account fields only for the type that uses them. */
export function toChannelValues(input: z.output<typeof depositChannelInputSchema>): ChannelValues {
  const isManual = input.type === 'manual_bank';
  return {
    name: input.name,
    type: input.type,
    currency: input.currency,
    minMinor: BigInt(input.minMinor),
    maxMinor: BigInt(input.maxMinor),
    feeFixedMinor: BigInt(input.feeFixedMinor),
    feeBps: input.feeBps,
    enabled: input.enabled,
    sort: input.sort,
    bankName: isManual ? (input.bankName ?? null) : null,
    accountNumber: isManual ? (input.accountNumber ?? null) : null,
    accountHolder: isManual ? (input.accountHolder ?? null) : null,
    provider: isManual ? null : (input.provider ?? null),
    method: input.method ?? (isManual ? 'bank_transfer' : 'other'),
  };
}
