import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import { encodePixCharge } from '@wps/shared/pix-br-code';
import { sandboxWebhookBodySchema } from '@wps/shared/schemas/deposit';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import { isSignatureValid, signBody, type GatewayEvent, type GatewayProvider } from './gateway-provider';
import {
  completeSandboxPayment,
  findSandboxPayment,
  returnSandboxPayment,
  upsertSandboxPayment,
  type SandboxPaymentRow,
} from './sandbox-gateway.repository';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_WEBHOOK_PATH = '/wps/deposit/webhook/sandbox';
export const SANDBOX_PAY_PATH = '/sandbox-gateway/pay';
/** A webhook signed longer ago than this is refused, so a captured one cannot be replayed days later. */
const MAX_WEBHOOK_AGE_SECONDS = 5 * 60;

/** A webhook ready to send: the exact bytes and the headers that sign them. */
export type SignedWebhook = { rawBody: string; headers: Record<string, string> };

/**
 * The sandbox merchant's own PIX key: a random key (EVP, a UUID) fixed by the sandbox secret, so
 * every instance sharing the secret issues codes for the same receiver.
 */
function merchantPixKey(secret: string): string {
  const h = crypto.createHmac('sha256', secret).update('sandbox-pix-key').digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The built-in sandbox gateway. It behaves like an outside gateway: it keeps its own payments,
 * shows a pay page, and tells the merchant the outcome with a signed webhook.
 */
export function createSandboxGateway(
  ctx: Pick<AppContext, 'db'> & { secret: string; pixCity: string; now?: () => number },
) {
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
      ...(payment.payerCpf ? { payerCpf: payment.payerCpf } : {}),
    });
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signBody(secret, rawBody),
        [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
      },
    };
  }

  const provider: GatewayProvider = {
    name: 'sandbox',

    async createPayment(input) {
      // A PIX charge in reais: a static BR Code for the merchant's key with the amount and the
      // order's reference as its txid (how the gateway matches the payment to the charge).
      const pixCode =
        input.method === 'pix'
          ? encodePixCharge({
              pixKey: merchantPixKey(secret),
              amount: formatMinor(input.amountMinor, 2),
              merchantName: input.merchantName,
              merchantCity: ctx.pixCity,
              txid: input.reference,
              singleUse: false,
            })
          : null;
      const payment = await upsertSandboxPayment(db, {
        paymentRef: `sbx_${crypto.randomBytes(12).toString('hex')}`,
        merchantRef: input.merchantRef,
        amountMinor: input.amountMinor,
        currency: input.currency,
        returnUrl: input.returnUrl,
        method: input.method,
        pixCode,
        expectedPayerCpf: input.payerCpf,
      });
      return {
        paymentRef: payment.paymentRef,
        payUrl: `${SANDBOX_PAY_PATH}/${payment.paymentRef}`,
        pixCode: payment.pixCode,
      };
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
        payerCpf: body.data.payerCpf,
      };
    },

    async queryStatus(paymentRef) {
      const payment = await findSandboxPayment(db, paymentRef);
      if (!payment) return { status: 'unknown' };
      return {
        status: payment.status,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        payerCpf: payment.payerCpf ?? undefined,
      };
    },

    async returnPayment(paymentRef) {
      const returnedAt = await returnSandboxPayment(db, paymentRef, new Date(now()));
      if (!returnedAt) throw new Error(`sandbox gateway: payment ${paymentRef} was not paid, so it cannot be returned`);
      return { returnedAt };
    },
  };

  return {
    provider,
    /** The pay page's payment. */
    findPayment: (paymentRef: string) => findSandboxPayment(db, paymentRef),
    /**
     * The player pressed Pay or Fail: complete the payment once and return the webhook to send.
     * Pressing again re-sends the first outcome, as a gateway retrying its webhook would. A PIX
     * payment comes from `payerCpf`, by default the CPF the merchant expected (the player's).
     */
    async complete(
      paymentRef: string,
      outcome: 'succeeded' | 'failed',
      payerCpf?: string,
    ): Promise<{ payment: SandboxPaymentRow; webhook: SignedWebhook } | undefined> {
      const payment = await findSandboxPayment(db, paymentRef);
      if (!payment) return undefined;
      const payer = payment.method === 'pix' ? (payerCpf ?? payment.expectedPayerCpf) : null;
      if (payment.status === 'pending') await completeSandboxPayment(db, paymentRef, outcome, payer, new Date(now()));
      const final = await findSandboxPayment(db, paymentRef);
      if (!final || final.status === 'pending') return undefined;
      return { payment: final, webhook: buildWebhook(final, final.status) };
    },
    /** Sign an arbitrary body with the sandbox secret (tests and the docs' example use it). */
    sign: (rawBody: string | Buffer) => signBody(secret, rawBody),
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;
