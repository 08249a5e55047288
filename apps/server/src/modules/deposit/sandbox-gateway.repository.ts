import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DepositMethod } from '../../db/tables/deposit';

type Db = Kysely<Database>;

export type SandboxPaymentRow = {
  paymentRef: string;
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  returnUrl: string;
  method: DepositMethod;
  pixCode: string | null;
  /** The CPF the merchant said would pay (the player's). */
  expectedPayerCpf: string | null;
  /** The CPF the money came from, once paid. */
  payerCpf: string | null;
  returnedAt: Date | null;
};

const COLUMNS = [
  'payment_ref as paymentRef',
  'merchant_ref as merchantRef',
  'amount_minor as amountMinor',
  'currency',
  'status',
  'return_url as returnUrl',
  'method',
  'pix_code as pixCode',
  'expected_payer_cpf as expectedPayerCpf',
  'payer_cpf as payerCpf',
  'returned_at as returnedAt',
] as const;

function toRow(r: Omit<SandboxPaymentRow, 'amountMinor'> & { amountMinor: string }): SandboxPaymentRow {
  return { ...r, amountMinor: BigInt(r.amountMinor) };
}

/** Store a payment unless the merchant reference already has one; returns the stored payment either way. */
export async function upsertSandboxPayment(
  db: Db,
  input: {
    paymentRef: string;
    merchantRef: string;
    amountMinor: bigint;
    currency: string;
    returnUrl: string;
    method: DepositMethod;
    pixCode: string | null;
    expectedPayerCpf: string | null;
  },
): Promise<SandboxPaymentRow> {
  await db
    .insertInto('sandbox_payments')
    .values({
      payment_ref: input.paymentRef,
      merchant_ref: input.merchantRef,
      amount_minor: input.amountMinor.toString(),
      currency: input.currency,
      return_url: input.returnUrl,
      method: input.method,
      pix_code: input.pixCode,
      expected_payer_cpf: input.expectedPayerCpf,
    })
    .onConflict((oc) => oc.column('merchant_ref').doNothing())
    .execute();
  const row = await db
    .selectFrom('sandbox_payments')
    .select(COLUMNS)
    .where('merchant_ref', '=', input.merchantRef)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** One sandbox payment. */
export async function findSandboxPayment(db: Db, paymentRef: string): Promise<SandboxPaymentRow | undefined> {
  const row = await db
    .selectFrom('sandbox_payments')
    .select(COLUMNS)
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Complete a pending payment once (with the CPF that paid, for PIX); false when it was already completed. */
export async function completeSandboxPayment(
  db: Db,
  paymentRef: string,
  status: 'succeeded' | 'failed',
  payerCpf: string | null,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status, completed_at: at, payer_cpf: status === 'succeeded' ? payerCpf : null })
    .where('payment_ref', '=', paymentRef)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Return a paid payment to its payer once; the stored time of the first return either way (undefined when it was not paid). */
export async function returnSandboxPayment(db: Db, paymentRef: string, at: Date): Promise<Date | undefined> {
  await db
    .updateTable('sandbox_payments')
    .set({ returned_at: at })
    .where('payment_ref', '=', paymentRef)
    .where('status', '=', 'succeeded')
    .where('returned_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('sandbox_payments')
    .select(['status', 'returned_at'])
    .where('payment_ref', '=', paymentRef)
    .executeTakeFirst();
  return row?.status === 'succeeded' && row.returned_at ? row.returned_at : undefined;
}
