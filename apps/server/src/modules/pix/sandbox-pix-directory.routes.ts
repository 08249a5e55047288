import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { maskCpf, normalizeCpf } from '@wps/shared/cpf';
import { normalizePixKey, PIX_KEY_TYPES } from '@wps/shared/pix-key';
import { escapeHtml, sandboxPage } from '../../http/sandbox-page';
import { nonJson } from '../../openapi/responses';
import type { SandboxPixDirectory } from './sandbox-pix-directory';

export const SANDBOX_PIX_DIRECTORY_PATH = '/sandbox-pix/directory';

const formSchema = z.object({
  ownerCpf: z.string().max(20),
  ownerName: z.string().trim().min(1).max(128),
  bankCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,16}$/),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,20}$/),
  keyType: z.enum(['', ...PIX_KEY_TYPES]).default(''),
  key: z.string().max(100).default(''),
});

const KEY_LABELS: Record<string, string> = {
  cpf: 'CPF',
  email: 'E-mail',
  phone: 'Phone (+55)',
  evp: 'Random key (EVP)',
};

function form(error: string | null): string {
  const options = [
    '<option value="">No key (the account only)</option>',
    ...PIX_KEY_TYPES.map((t) => `<option value="${t}">${KEY_LABELS[t]}</option>`),
  ].join('');
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SANDBOX_PIX_DIRECTORY_PATH}">
  <label for="owner-cpf">Owner's CPF</label><input id="owner-cpf" name="ownerCpf" inputmode="numeric" autocomplete="off" required>
  <label for="owner-name">Owner's name</label><input id="owner-name" name="ownerName" autocomplete="off" required>
  <label for="bank-code">Bank code (COMPE)</label><input id="bank-code" name="bankCode" inputmode="numeric" autocomplete="off" required>
  <label for="account-number">Account number</label><input id="account-number" name="accountNumber" inputmode="numeric" autocomplete="off" required>
  <label for="key-type">PIX key type</label><select id="key-type" name="keyType">${options}</select>
  <label for="key">PIX key</label><input id="key" name="key" autocomplete="off">
  <button class="pay" type="submit">List in the directory</button>
</form>`;
}

/**
 * The sandbox PIX directory's page (plain HTML served by the server): the entries it knows and a
 * form to list an account with its owner and, optionally, a PIX key on it. What testers do here
 * stands for what banks do in the real directory when their customers register keys.
 */
export function registerSandboxPixDirectoryRoutes(app: FastifyInstance, sandbox: SandboxPixDirectory | null): void {
  // In production the sandbox is off (anyone could list a key under any CPF): no page at all.
  if (!sandbox) return;

  async function render(error: string | null): Promise<string> {
    const rows = (await sandbox!.list())
      .map(
        (e) =>
          `<tr><td>${escapeHtml(e.keyType ? `${KEY_LABELS[e.keyType]}: ${e.key ?? ''}` : '—')}</td><td>${escapeHtml(maskCpf(e.ownerCpf))}</td><td>${escapeHtml(e.ownerName)}</td><td>${escapeHtml(`${e.bankCode} / ${e.accountNumber}`)}</td></tr>`,
      )
      .join('');
    return sandboxPage(
      'Sandbox PIX directory',
      `<h1>Sandbox PIX directory</h1>
<p class="note">Test directory: who owns each PIX key and account. No real key is looked up.</p>
${form(error)}
<table><caption class="note">Listed entries</caption><thead><tr><th scope="col">Key</th><th scope="col">Owner CPF</th><th scope="col">Owner</th><th scope="col">Bank / account</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }

  const html = {
    200: nonJson(['text/html'], 'The directory page'),
    '4xx': nonJson(['text/html'], 'Invalid entry: the page with the reason'),
  };
  app.get(SANDBOX_PIX_DIRECTORY_PATH, { schema: { response: { 200: html[200] } } }, async (_request, reply) => {
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(await render(null));
  });

  app.post(
    SANDBOX_PIX_DIRECTORY_PATH,
    { schema: { response: { 303: nonJson(['text/html'], 'Listed: back to the page (Location)'), ...html } } },
    async (request, reply) => {
      const body = formSchema.safeParse(request.body);
      const ownerCpf = body.success ? normalizeCpf(body.data.ownerCpf) : null;
      const keyType = body.success && body.data.keyType !== '' ? body.data.keyType : null;
      const key = body.success && keyType ? normalizePixKey(keyType, body.data.key) : null;
      const refuse = async (why: string) =>
        reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(await render(why));
      if (!body.success || !ownerCpf)
        return refuse('Check the fields: a valid CPF, a name, a bank code and an account number of 4 to 20 digits.');
      if (keyType && !key) return refuse(`That is not a valid ${KEY_LABELS[keyType]} key.`);
      const listed = await sandbox.add({
        ownerCpf,
        ownerName: body.data.ownerName,
        bankCode: body.data.bankCode,
        accountNumber: body.data.accountNumber,
        keyType,
        key,
      });
      if (!listed) return refuse('That key is listed already.');
      return reply.redirect(SANDBOX_PIX_DIRECTORY_PATH, 303);
    },
  );
}
