import crypto from 'node:crypto';
import { call, insertTestMember, strongPassword, valueOf } from '../../../test/api-client';
import type { TestApp } from '../../../test/test-app';
import type { App } from '../../app';
import { newCpf } from './identity-fixtures';

/** For tests of the barred-persons list (kept apart from identity-fixtures.ts, which the browser suite imports too). */

export type IdentifiedPlayer = {
  id: string;
  account: string;
  password: string;
  mobile: string;
  email: string;
  cpf: string;
};

/**
 * A player with a CPF, an e-mail and (unless `withMobile` is false: a new device's code then goes
 * by e-mail) a mobile, whose CPF the list has not been asked about today (as after a day passed
 * since the last login): written directly, so a case does not depend on the registration's own
 * steps under the licence.
 */
export async function insertIdentifiedPlayer(t: TestApp, withMobile = true): Promise<IdentifiedPlayer> {
  const password = strongPassword();
  const mobile = `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const email = `barred-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const member = await insertTestMember(t, password, withMobile ? { dialingCode: '55', mobile, email } : { email });
  const cpf = newCpf();
  await t.database.db
    .insertInto('member_identities')
    .values({ member_id: member.id, cpf, birth_date: '1984-06-06', full_name: null, barred_checked_on: null })
    .execute();
  return { ...member, password, mobile, email, cpf };
}

/** List a CPF in the sandbox barred list, as an operator with the settings permission does. */
export async function listBarredCpf(app: App, adminToken: string, cpf: string): Promise<{ id: string }> {
  return valueOf<{ id: string }>(
    await call(app, 'POST', '/ops/compliance/barred-list', {
      token: adminToken,
      payload: { cpf, reason: 'self_excluded', note: 'autoexclusão centralizada' },
    }),
  );
}
