import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { BankAccountSummary } from '@wps/shared/schemas/security';
import type { App } from '../../app';
import { call, valueOf } from '../../../test/api-client';
import { newCpf } from '../identity/identity-fixtures';
import { SANDBOX_PIX_DIRECTORY_PATH } from '../pix/sandbox-pix-directory.routes';
import type { Payer } from '../withdrawal/withdrawal.test-support';

/**
 * Bind a PIX key (a random EVP key) to a payer as the player does (PUT /wps/member/pix-keys), after
 * listing it in the sandbox PIX directory under the payer's payee name (createPayer binds
 * "Maria Silva"): outside BR a key's owner must carry that name. Answers the payout account's id.
 */
export async function bindOwnPixKey(app: App, payer: Payer): Promise<string> {
  const key = crypto.randomUUID();
  const listed = await app.inject({
    method: 'POST',
    url: SANDBOX_PIX_DIRECTORY_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ownerCpf: newCpf(),
      ownerName: 'Maria Silva',
      bankCode: '341',
      accountNumber: String(crypto.randomInt(10_000_000, 99_999_999)),
      keyType: 'evp',
      key,
    }).toString(),
  });
  expect(listed.statusCode, listed.body).toBe(303);
  const accounts = valueOf<BankAccountSummary[]>(
    await call(app, 'PUT', '/wps/member/pix-keys', { token: payer.token, payload: { keyType: 'evp', key } }),
  );
  const bound = accounts.find((a) => a.pixKeyType === 'evp');
  if (!bound) throw new Error('the PIX key was not bound');
  return bound.id;
}
