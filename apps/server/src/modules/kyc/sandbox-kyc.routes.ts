import type { FastifyInstance } from 'fastify';
import { maskCpf } from '@wps/shared/cpf';
import { z } from 'zod';
import { nonJson } from '../../openapi/responses';
import type { AppServices } from '../../services';
import {
  isReady,
  SANDBOX_DOCUMENT_HOLDERS,
  SANDBOX_KYC_PAGE_PATH,
  SANDBOX_KYC_WEBHOOK_PATH,
  type SandboxDocumentHolder,
} from './sandbox-kyc';
import type { SandboxKycSession } from './sandbox-kyc.repository';

const paramsSchema = z.object({ ref: z.string().regex(/^kyc_[a-f0-9]{24}$/) });
const stepSchema = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('document'),
    documentName: z.string().trim().min(3).max(200),
    holder: z.enum(SANDBOX_DOCUMENT_HOLDERS).default('own'),
  }),
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
  fieldset { border: 1px solid #3a4157; border-radius: 8px; margin: 0 0 8px; padding: 4px 12px 8px; }
  legend { color: #aab3c8; padding: 0 4px; }
  label.choice { display: flex; align-items: center; gap: 8px; min-height: 44px; margin: 0; color: #eef1f8; }
  label.choice input { width: 20px; height: 20px; min-height: 0; margin: 0; flex: none; }
  .warn { color: #ffb3a7; }
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

/** A CPF and a date of birth as the sandbox's page shows them (the CPF masked). */
function describeIdentity(cpf: string | null, birthDate: string | null): string {
  return `CPF ${cpf ? escapeHtml(maskCpf(cpf)) : 'none'}, date of birth ${birthDate ? escapeHtml(birthDate) : 'none'}`;
}

/** The document step's choice: whose document the player shows (the tester's way to show a refusal). */
function holderChoice(session: SandboxKycSession): string {
  const labels: Record<SandboxDocumentHolder, string> = {
    own: session.subjectCpf
      ? "The player's own: the CPF and date of birth the site sent"
      : "The player's own (the site sent no CPF: the document reads none)",
    other_cpf: "Someone else's: another CPF",
    other_birth_date: "The player's CPF with another date of birth",
  };
  const options = SANDBOX_DOCUMENT_HOLDERS.map(
    (h) =>
      `<label class="choice"><input type="radio" name="holder" value="${h}"${h === 'own' ? ' checked' : ''}>${escapeHtml(labels[h])}</label>`,
  ).join('');
  return `<fieldset><legend>Whose document is it (simulated)</legend>${options}</fieldset>`;
}

/** What the document read, and whether it is the identity the site sent. */
function documentRead(session: SandboxKycSession): string {
  const same = session.documentCpf === session.subjectCpf && session.documentBirthDate === session.subjectBirthDate;
  return `<p class="done">Document read: ${escapeHtml(session.documentName ?? '')}</p><p class="note" data-testid="kyc-sandbox-document">${describeIdentity(session.documentCpf, session.documentBirthDate)}</p>${same ? '' : '<p class="warn">Not the identity the site sent.</p>'}`;
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
      ? `<label for="documentName">Full name as printed on the document</label><input id="documentName" name="documentName" autocomplete="off" required minlength="3" maxlength="200">${holderChoice(session)}`
      : '';
  const subject = `<p class="note" data-testid="kyc-sandbox-subject">Sent by the site: ${session.subjectCpf ? describeIdentity(session.subjectCpf, session.subjectBirthDate) : 'no CPF or date of birth'}.</p>`;
  const steps = [
    `<h2>1. Document</h2>${subject}${session.documentName === null ? stepForm(action, 'document', 'Capture the document (simulated)', document) : documentRead(session)}`,
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
        if (step.step === 'document') await sandbox.recordDocument(ref, step.documentName, step.holder);
        else await sandbox.recordStep(ref, step.step === 'selfie' ? { selfie: true } : { liveness: true });
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
