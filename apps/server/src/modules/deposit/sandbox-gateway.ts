import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { sandboxWebhookBodySchema } from '@wps/shared/schemas/deposit';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import { isSignatureValid, signBody, type GatewayEvent, type GatewayProvider } from './gateway-provider';
import { completeSandboxPayment, findSandboxPayment, upsertSandboxPayment, type SandboxPaymentRow } from './sandbox-gateway.repository';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_WEBHOOK_PATH = '/wps/deposit/webhook/sandbox';
export const SANDBOX_PAY_PATH = '/sandbox-gateway/pay';
/** A webhook signed longer ago than this is refused, so a captured one cannot be replayed days later. */
const MAX_WEBHOOK_AGE_SECONDS = 5 * 60;

/** A webhook ready to send: the exact bytes and the headers that sign them. */
export type SignedWebhook = { rawBody: string; headers: Record<string, string> };

/**
 * The built-in sandbox gateway. It behaves like an outside gateway: it keeps its own payments,
 * shows a pay page, and tells the merchant the outcome with a signed webhook.
 */
export function createSandboxGateway(ctx: Pick<AppContext, 'db'> & { secret: string; now?: () => number }) {
  const { db, secret } = ctx;
  const now = ctx.now ?? Date.now;

  /** Build and sign the webhook for a completed payment. */
  function buildWebhook(payment: SandboxPaymentRow, outcome: 'succeeded' | 'failed'): SignedWebhook {
    const timestamp = Math.floor(now() / 1000);
    const rawBody = JSON.stringify({
      event: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      paymentRef: payment.paymentRef,
      merchantRef: payment.merchantRef,
      amountMinor: payment.amountMinor.toString(),
      currency: payment.currency,
      timestamp,
    });
    return {
      rawBody,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signBody(secret, rawBody), [SANDBOX_TIMESTAMP_HEADER]: String(timestamp) },
    };
  }

  const provider: GatewayProvider = {
    name: 'sandbox',

    async createPayment(input) {
      const payment = await upsertSandboxPayment(db, {
        paymentRef: `sbx_${crypto.randomBytes(12).toString('hex')}`,
        merchantRef: input.merchantRef,
        amountMinor: input.amountMinor,
        currency: input.currency,
        returnUrl: input.returnUrl,
      });
      return { paymentRef: payment.paymentRef, payUrl: `${SANDBOX_PAY_PATH}/${payment.paymentRef}` };
    },

    verifyWebhook(rawBody, headers): GatewayEvent {
      const signature = headers[SANDBOX_SIGNATURE_HEADER];
      if (!isSignatureValid(secret, rawBody, Array.isArray(signature) ? signature[0] : signature)) {
        throw new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'Webhook signature does not match');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError(ErrorCode.MALFORMED_JSON, 'Malformed JSON body');
      }
      const body = sandboxWebhookBodySchema.safeParse(parsed);
      if (!body.success) {
        const fields = body.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, message: i.message }));
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Invalid webhook body', { fields });
      }
      const age = Math.floor(now() / 1000) - body.data.timestamp;
      if (age > MAX_WEBHOOK_AGE_SECONDS || age < -MAX_WEBHOOK_AGE_SECONDS) {
        throw new AppError(ErrorCode.WEBHOOK_SIGNATURE_INVALID, 'Webhook timestamp is outside the allowed window');
      }
      return {
        outcome: body.data.event === 'payment.succeeded' ? 'succeeded' : 'failed',
        paymentRef: body.data.paymentRef,
        merchantRef: body.data.merchantRef,
        amountMinor: BigInt(body.data.amountMinor),
        currency: body.data.currency,
      };
    },

    async queryStatus(paymentRef) {
      const payment = await findSandboxPayment(db, paymentRef);
      if (!payment) return { status: 'unknown' };
      return { status: payment.status, amountMinor: payment.amountMinor, currency: payment.currency };
    },
  };

  return {
    provider,
    /** The pay page's payment. */
    findPayment: (paymentRef: string) => findSandboxPayment(db, paymentRef),
    /**
     * The player pressed Pay or Fail: complete the payment once and return the webhook to send.
     * Pressing again re-sends the first outcome, as a gateway retrying its webhook would.
     */
    async complete(paymentRef: string, outcome: 'succeeded' | 'failed'): Promise<{ payment: SandboxPaymentRow; webhook: SignedWebhook } | undefined> {
      const payment = await findSandboxPayment(db, paymentRef);
      if (!payment) return undefined;
      if (payment.status === 'pending') await completeSandboxPayment(db, paymentRef, outcome, new Date(now()));
      const final = await findSandboxPayment(db, paymentRef);
      if (!final || final.status === 'pending') return undefined;
      return { payment: final, webhook: buildWebhook(final, final.status) };
    },
    /** Sign an arbitrary body with the sandbox secret (tests and the docs' example use it). */
    sign: (rawBody: string | Buffer) => signBody(secret, rawBody),
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
