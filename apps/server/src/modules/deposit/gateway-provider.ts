import crypto from 'node:crypto';

/** What the merchant asks a gateway to collect. */
export type CreatePaymentInput = {
  /** Our order id; the gateway echoes it in webhooks. */
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
  /** Where the gateway sends the player's browser when the payment is done. */
  returnUrl: string;
};

export type CreatePaymentResult = { paymentRef: string; payUrl: string };

/** A verified webhook: what the gateway says happened to one payment. */
export type GatewayEvent = {
  outcome: 'succeeded' | 'failed';
  paymentRef: string;
  merchantRef: string;
  amountMinor: bigint;
  currency: string;
};

export type PaymentStatus = { status: 'pending' | 'succeeded' | 'failed' | 'unknown'; amountMinor?: bigint; currency?: string };

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
