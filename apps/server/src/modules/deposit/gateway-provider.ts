import crypto from 'node:crypto';
import type { DepositMethod } from '@wps/shared/schemas/deposit';

/** What the merchant asks a gateway to collect. */
export type CreatePaymentInput = {
  /** Our order id; the gateway echoes it in webhooks. */
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
  /** Where the gateway sends the player's browser when the payment is done. */
  returnUrl: string;
  /** What the channel takes: a 'pix' payment is a PIX charge with a BR Code. */
  method: DepositMethod;
  /** The code the player sees on the order: a PIX charge's txid. */
  reference: string;
  /** The name the charge shows the payer (the brand). */
  merchantName: string;
  /** Who is expected to pay (the player's CPF, when the licence identifies players): a PIX charge names its debtor. */
  payerCpf: string | null;
};

/** The gateway's payment; a PIX charge also has its BR Code ("copia e cola"), which its QR code holds. */
export type CreatePaymentResult = { paymentRef: string; payUrl: string; pixCode: string | null };

/** A verified webhook: what the gateway says happened to one payment. */
export type GatewayEvent = {
  outcome: 'succeeded' | 'failed';
  paymentRef: string;
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
  /** A PIX payment: the CPF of the account the money came from. */
  payerCpf?: string | undefined;
};

export type PaymentStatus = {
  status: 'pending' | 'succeeded' | 'failed' | 'unknown';
  amountMinor?: bigint;
  currency?: string;
  payerCpf?: string | undefined;
};

/**
 * A payment gateway. createPayment and queryStatus are outside calls: the deposit service never
 * makes them inside a database transaction. verifyWebhook checks the signature over the exact
 * raw body and throws an AppError (WEBHOOK_SIGNATURE_INVALID, VALIDATION_FAILED) when it fails.
 */
export type GatewayProvider = {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent;
  queryStatus(paymentRef: string): Promise<PaymentStatus>;
  /**
   * Send a received payment back to its payer (a PIX "devolução"), because the merchant may not
   * keep it. Idempotent: asking again for the same payment answers the first return. Returns
   * when the gateway took it back; throws when it could not (the merchant asks again later).
   */
  returnPayment(paymentRef: string): Promise<{ returnedAt: Date }>;
};

/** HMAC-SHA256 of the exact bytes, hex: the `sha256=<hex>` signature scheme. */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time comparison of a received signature with the expected one. */
export function isSignatureValid(secret: string, rawBody: Buffer, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(received.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
