import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { maskCpf, normalizeCpf, randomCpf } from '@wps/shared/cpf';
import { formatMinor } from '@wps/shared/money';
import { escapeHtml, sandboxPage as page } from '../../http/sandbox-page';
import { nonJson } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { SANDBOX_PAY_PATH, SANDBOX_WEBHOOK_PATH } from './sandbox-gateway';

const paramsSchema = z.object({ paymentRef: z.string().regex(/^sbx_[a-f0-9]{24}$/) });
/** Pay or Fail; a PIX payment may come from another CPF (typed), to show what the merchant does with it. */
const formSchema = z.object({ outcome: z.enum(['succeeded', 'failed']), payerCpf: z.string().max(20).optional() });

/** Only our own relative paths: the sandbox never redirects a browser off-site. */
function safeReturnUrl(url: string): string {
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(url) ? url : '/';
}

/**
 * The sandbox gateway's pay page (plain HTML served by the server): Pay and Fail buttons. A
 * button completes the payment, the sandbox sends its signed webhook to the merchant, and the
 * browser goes back to the site.
 */
export function registerSandboxGatewayRoutes(app: FastifyInstance, services: AppServices): void {
  const { sandbox, isSandboxEnabled } = services.deposits;
  // In production the sandbox is off (anyone can press Pay): no pay page at all.
  if (!isSandboxEnabled) return;

  app.get(
    `${SANDBOX_PAY_PATH}/:paymentRef`,
    {
      schema: {
        response: { 200: nonJson(['text/html'], 'The pay page'), '4xx': nonJson(['text/html'], 'No such payment') },
      },
    },
    async (request, reply) => {
      const params = paramsSchema.safeParse(request.params);
      const payment = params.success ? await sandbox.findPayment(params.data.paymentRef) : undefined;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!payment) {
        return reply
          .status(404)
          .send(
            page(
              'Sandbox Pay',
              '<h1>Payment not found</h1><p class="note">This payment link is not valid.</p><a href="/">Back to the site</a>',
            ),
          );
      }
      const brand = await services.system.getBrand();
      const amount = `${formatMinor(payment.amountMinor, brand.currencyScale)} ${payment.currency}`;
      const action = `${SANDBOX_PAY_PATH}/${payment.paymentRef}`;
      const done = payment.status !== 'pending';
      const pix = payment.method === 'pix';
      // A PIX charge is paid from a bank account, whose CPF the webhook names: the player's own
      // (the charge's debtor) or, to try what the merchant does with it, someone else's.
      const own = payment.expectedPayerCpf ? maskCpf(payment.expectedPayerCpf) : 'the payer named by the charge';
      let other = randomCpf();
      while (other === payment.expectedPayerCpf) other = randomCpf();
      const pixActions = `<div class="actions">
  <form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="succeeded"><button class="pay" type="submit">Pay from ${escapeHtml(own)}</button></form>
  <form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">Fail</button></form>
</div>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="succeeded">
  <label for="payer-cpf">Or pay from another CPF</label>
  <input id="payer-cpf" name="payerCpf" inputmode="numeric" autocomplete="off" value="${escapeHtml(other)}">
  <button class="other" type="submit">Pay from this CPF</button>
</form>`;
      const body = `<h1>Sandbox Pay</h1>
<p class="note">Test gateway: no real money moves.</p>
<dl>
  <dt>Merchant</dt><dd>${escapeHtml(brand.brandName)}</dd>
  <dt>Order</dt><dd>${escapeHtml(payment.merchantRef)}</dd>
  <dt>Amount</dt><dd data-testid="sandbox-amount">${escapeHtml(amount)}</dd>
  <dt>Status</dt><dd>${escapeHtml(payment.status)}</dd>
</dl>
${pix && payment.pixCode ? `<div class="pix"><p class="note">PIX copia e cola</p><code data-testid="sandbox-pix-code">${escapeHtml(payment.pixCode)}</code></div>` : ''}
${
  done
    ? `<p>This payment is already ${escapeHtml(payment.status)}.</p><a href="${escapeHtml(safeReturnUrl(payment.returnUrl))}">Back to the site</a>`
    : pix
      ? pixActions
      : `<div class="actions">
  <form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="succeeded"><button class="pay" type="submit">Pay</button></form>
  <form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="failed"><button class="fail" type="submit">Fail</button></form>
</div>`
}`;
      return reply.send(page('Sandbox Pay', body));
    },
  );

  app.post(
    `${SANDBOX_PAY_PATH}/:paymentRef`,
    {
      schema: {
        response: {
          303: nonJson(['text/html'], 'Paid or failed: back to the site (Location)'),
          '4xx': nonJson(['text/html'], 'Invalid request or no such payment'),
        },
      },
    },
    async (request, reply) => {
      const params = paramsSchema.safeParse(request.params);
      const form = formSchema.safeParse(request.body);
      const payerCpf = form.success && form.data.payerCpf !== undefined ? normalizeCpf(form.data.payerCpf) : undefined;
      if (!params.success || !form.success || payerCpf === null) {
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page('Sandbox Pay', '<h1>Invalid request</h1><a href="/">Back to the site</a>'));
      }
      const completed = await sandbox.complete(params.data.paymentRef, form.data.outcome, payerCpf);
      if (!completed) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(page('Sandbox Pay', '<h1>Payment not found</h1><a href="/">Back to the site</a>'));
      }
      // The gateway's webhook, delivered through the full HTTP pipeline of this server (no
      // database transaction is open here). A failed delivery leaves the order pending; the
      // status check on expiry resolves it.
      const delivery = await app.inject({
        method: 'POST',
        url: SANDBOX_WEBHOOK_PATH,
        headers: completed.webhook.headers,
        payload: completed.webhook.rawBody,
      });
      if (delivery.statusCode >= 300)
        request.log.warn({ status: delivery.statusCode, body: delivery.body }, 'sandbox webhook delivery failed');
      return reply.redirect(safeReturnUrl(completed.payment.returnUrl), 303);
    },
  );
}
