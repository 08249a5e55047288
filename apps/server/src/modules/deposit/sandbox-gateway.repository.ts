import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export type SandboxPaymentRow = {
  paymentRef: string;
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  returnUrl: string;
};

const COLUMNS = [
  'payment_ref as paymentRef',
  'merchant_ref as merchantRef',
  'amount_minor as amountMinor',
  'currency',
  'status',
  'return_url as returnUrl',
] as const;

function toRow(r: { paymentRef: string; merchantRef: string; amountMinor: string; currency: string; status: SandboxPaymentRow['status']; returnUrl: string }): SandboxPaymentRow {
  return { ...r, amountMinor: BigInt(r.amountMinor) };
}

/** Store a payment unless the merchant reference already has one; returns the stored payment either way. */
export async function upsertSandboxPayment(
  db: Db,
  input: { paymentRef: string; merchantRef: string; amountMinor: bigint; currency: string; returnUrl: string },
): Promise<SandboxPaymentRow> {
  await db
    .insertInto('sandbox_payments')
    .values({
      payment_ref: input.paymentRef,
      merchant_ref: input.merchantRef,
      amount_minor: input.amountMinor.toString(),
      currency: input.currency,
      return_url: input.returnUrl,
    })
    .onConflict((oc) => oc.column('merchant_ref').doNothing())
    .execute();
  const row = await db.selectFrom('sandbox_payments').select(COLUMNS).where('merchant_ref', '=', input.merchantRef).executeTakeFirstOrThrow();
  return toRow(row);
}

/** One sandbox payment. */
export async function findSandboxPayment(db: Db, paymentRef: string): Promise<SandboxPaymentRow | undefined> {
  const row = await db.selectFrom('sandbox_payments').select(COLUMNS).where('payment_ref', '=', paymentRef).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Complete a pending payment once; false when it was already completed. */
export async function completeSandboxPayment(db: Db, paymentRef: string, status: 'succeeded' | 'failed', at: Date): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status, completed_at: at })
    .where('payment_ref', '=', paymentRef)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
