import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nonJson } from '../../openapi/responses';
import type { AppServices } from '../../services';
import { isReady, SANDBOX_KYC_PAGE_PATH, SANDBOX_KYC_WEBHOOK_PATH } from './sandbox-kyc';
import type { SandboxKycSession } from './sandbox-kyc.repository';

const paramsSchema = z.object({ ref: z.string().regex(/^kyc_[a-f0-9]{24}$/) });
const stepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('document'), documentName: z.string().trim().min(3).max(200) }),
  z.object({ step: z.literal('selfie') }),
  z.object({ step: z.literal('liveness') }),
  z.object({ step: z.literal('outcome'), outcome: z.enum(['passed', 'failed', 'review']) }),
]);

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Only our own relative paths: the sandbox never redirects a browser off-site. */
function safeReturnUrl(url: string): string {
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(url) ? url : '/';
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox ID check</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #0f1320; color: #eef1f8; display: grid; place-items: center; min-height: 100vh; }
  main { width: min(440px, calc(100% - 32px)); background: #1a2033; border-radius: 12px; padding: 24px; box-shadow: 0 8px 24px rgb(0 0 0 / 0.4); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; }
  h2 { font-size: 1rem; margin: 20px 0 8px; }
  .note { color: #aab3c8; font-size: 0.875rem; margin: 0 0 12px; }
  .done { color: #7ee2a8; }
  label { display: block; margin: 0 0 6px; color: #aab3c8; }
  input { box-sizing: border-box; width: 100%; min-height: 44px; border-radius: 8px; border: 1px solid #3a4157; background: #0f1320; color: #eef1f8; padding: 0 12px; font-size: 1rem; margin: 0 0 8px; }
  .actions { display: flex; gap: 8px; flex-wrap: wrap; }
  form { margin: 0; }
  .actions form { flex: 1; }
  button { width: 100%; min-height: 44px; border: 0; border-radius: 8px; font-size: 1rem; font-weight: 600; cursor: pointer; background: #3a4157; color: #eef1f8; }
  button.pass { background: #2ec27e; color: #06210f; }
  button:focus-visible, input:focus-visible { outline: 3px solid #ffd166; outline-offset: 2px; }
  a { color: #8fb8ff; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function stepForm(action: string, step: string, label: string, extra = ''): string {
  return `<form method="post" action="${escapeHtml(action)}">${extra}<input type="hidden" name="step" value="${step}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

function outcomeForm(action: string, outcome: 'passed' | 'review' | 'failed'): string {
  const label = outcome === 'passed' ? 'Pass' : outcome === 'review' ? 'Send to review' : 'Fail';
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="step" value="outcome"><input type="hidden" name="outcome" value="${outcome}"><button ${outcome === 'passed' ? 'class="pass" ' : ''}type="submit">${label}</button></form>`;
}

/** The sandbox's page of a re-verification: the selfie, then liveness, then pass or fail. */
function faceCheckPage(session: SandboxKycSession, action: string): string {
  const steps = [
    `<h2>1. Selfie</h2>${session.selfieDone ? '<p class="done">Selfie taken</p>' : stepForm(action, 'selfie', 'Take the selfie (simulated)')}`,
    `<h2>2. Liveness</h2>${session.livenessDone ? '<p class="done">Liveness confirmed</p>' : !session.selfieDone ? '<p class="note">After the selfie.</p>' : stepForm(action, 'liveness', 'Blink and turn your head (simulated)')}`,
  ];
  const outcome = isReady(session)
    ? `<h2>Outcome</h2><p class="note">The sandbox does what you choose.</p><div class="actions">${outcomeForm(action, 'passed')}${outcomeForm(action, 'failed')}</div>`
    : '';
  return page(
    `<h1>Sandbox face check</h1><p class="note">Confirm it is you: the face is compared with the one on your verified document. Test identity provider: nothing is captured or kept.</p>${steps.join('')}${outcome}`,
  );
}

/** The sandbox's page of one check: the three steps in order, then the tester's outcome. */
function checkPage(session: SandboxKycSession): string {
  const action = `${SANDBOX_KYC_PAGE_PATH}/${session.ref}`;
  const back = `<a href="${escapeHtml(safeReturnUrl(session.returnUrl))}">Back to the site</a>`;
  if (session.outcome)
    return page(
      `<h1>Sandbox ID check</h1><p>This check ended: <strong data-testid="kyc-sandbox-outcome">${escapeHtml(session.outcome)}</strong>.</p>${back}`,
    );
  if (session.purpose === 'reverification') return faceCheckPage(session, action);
  const document =
    session.documentName === null
      ? `<label for="documentName">Full name as printed on the document</label><input id="documentName" name="documentName" autocomplete="off" required minlength="3" maxlength="200">`
      : '';
  const steps = [
    `<h2>1. Document</h2>${session.documentName === null ? stepForm(action, 'document', 'Capture the document (simulated)', document) : `<p class="done">Document read: ${escapeHtml(session.documentName)}</p>`}`,
    `<h2>2. Selfie</h2>${session.selfieDone ? '<p class="done">Selfie taken</p>' : session.documentName === null ? '<p class="note">After the document.</p>' : stepForm(action, 'selfie', 'Take the selfie (simulated)')}`,
    `<h2>3. Liveness</h2>${session.livenessDone ? '<p class="done">Liveness confirmed</p>' : !session.selfieDone ? '<p class="note">After the selfie.</p>' : stepForm(action, 'liveness', 'Blink and turn your head (simulated)')}`,
  ];
  const outcome = isReady(session)
    ? `<h2>Outcome</h2><p class="note">The sandbox does what you choose.</p><div class="actions">
${(['passed', 'review', 'failed'] as const).map((o) => outcomeForm(action, o)).join('\n')}
</div>`
    : '';
  return page(
    `<h1>Sandbox ID check</h1><p class="note">Test identity provider: nothing is captured or kept.</p>${steps.join('')}${outcome}`,
  );
}

/**
 * The sandbox identity provider's pages (plain HTML served by the server, as an outside
 * provider's would be). Off in production unless ALLOW_SANDBOX_KYC=1: no pages at all.
 */
export function registerSandboxKycRoutes(app: FastifyInstance, services: AppServices): void {
  const { sandbox, isSandboxEnabled } = services.kyc;
  if (!isSandboxEnabled) return;

  app.get(
    `${SANDBOX_KYC_PAGE_PATH}/:ref`,
    {
      schema: {
        response: { 200: nonJson(['text/html'], 'The check page'), '4xx': nonJson(['text/html'], 'No such check') },
      },
    },
    async (request, reply) => {
      const params = paramsSchema.safeParse(request.params);
      const session = params.success ? await sandbox.findSession(params.data.ref) : undefined;
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!session) return reply.status(404).send(page('<h1>Check not found</h1><a href="/">Back to the site</a>'));
      return reply.send(checkPage(session));
    },
  );

  app.post(
    `${SANDBOX_KYC_PAGE_PATH}/:ref`,
    {
      schema: {
        response: {
          303: nonJson(['text/html'], 'The next step (Location)'),
          '4xx': nonJson(['text/html'], 'Invalid request or no such check'),
        },
      },
    },
    async (request, reply) => {
      const params = paramsSchema.safeParse(request.params);
      const form = stepSchema.safeParse(request.body);
      reply.type('text/html; charset=utf-8');
      if (!params.success || !form.success)
        return reply.status(400).send(page('<h1>Invalid request</h1><a href="/">Back to the site</a>'));
      const { ref } = params.data;
      const step = form.data;
      if (step.step !== 'outcome') {
        await sandbox.recordStep(
          ref,
          step.step === 'document'
            ? { documentName: step.documentName }
            : step.step === 'selfie'
              ? { selfie: true }
              : { liveness: true },
        );
        return reply.redirect(`${SANDBOX_KYC_PAGE_PATH}/${ref}`, 303);
      }
      const finished = await sandbox.finish(ref, step.outcome);
      if (!finished)
        return reply
          .status(404)
          .send(page('<h1>Check not found, or a step is missing</h1><a href="/">Back to the site</a>'));
      // The provider's result, delivered through this server's full HTTP pipeline (no transaction
      // is open here). A failed delivery leaves the check pending; the player can open it again.
      const delivery = await app.inject({
        method: 'POST',
        url: SANDBOX_KYC_WEBHOOK_PATH,
        headers: finished.result.headers,
        payload: finished.result.rawBody,
      });
      if (delivery.statusCode >= 300)
        request.log.warn({ status: delivery.statusCode, body: delivery.body }, 'sandbox KYC result delivery failed');
      return reply.redirect(safeReturnUrl(finished.session.returnUrl), 303);
    },
  );
}
