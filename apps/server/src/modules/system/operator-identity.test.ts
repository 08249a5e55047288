import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { setLicence } from '../licence/licence-fixtures';

// The operator's identification (docs/compliance.md, "Operator identification") through the routes:
// under the permissive profile nothing is required and the player site receives the filled fields
// (a blank one as null, no self-exclusion link); under BR saving it with a field blank is refused
// naming the field, a CNPJ must add up, the site receives all four and the platform's link, and the
// back office's notes name the addresses outside bet.br.
describeEachDatabase('operator identification', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, { publicUrl: 'https://lumenbet.example' });
    admin = await operatorToken(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => valueOf<SiteSettingsView>(await call(t.app, 'GET', '/ops/site-settings', { token: admin }));
  const notes = async () =>
    valueOf<LicenceNotes>(await call(t.app, 'GET', '/ops/site-settings/licence-notes', { token: admin }));
  const permission = async () =>
    valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission')).operatorIdentity;
  const putIdentity = async (value: unknown) => {
    const view = await read();
    return call(t.app, 'PUT', '/ops/site-settings', {
      token: admin,
      payload: {
        changes: { operatorIdentity: { value, version: view.versions.operatorIdentity } },
        reason: 'identificação',
      },
    });
  };

  const DEMO = {
    legalName: 'Demo Apostas Ltda.',
    cnpj: '11.222.333/0001-81',
    registeredAddress: 'Rua Exemplo, 100 — São Paulo/SP',
    authorisationNumber: 'SPA/MF nº 0000/2026 (demonstração)',
  };

  it('permissive: the demo seed fills the four fields; blanks save; the site gets the filled ones and no platform link', async () => {
    const view = await read();
    expect(view.values.operatorIdentity).toEqual(DEMO);
    expect(view.values.selfExclusionUrl).toBe('https://www.gov.br/autoexclusaoapostas');

    const res = await putIdentity({ ...DEMO, cnpj: '', registeredAddress: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).values.operatorIdentity).toEqual({ ...DEMO, cnpj: '', registeredAddress: '' });
    expect(await permission()).toEqual({
      legalName: DEMO.legalName,
      cnpj: null,
      registeredAddress: null,
      authorisationNumber: DEMO.authorisationNumber,
      selfExclusionUrl: null,
    });
    expect(await notes()).toMatchObject({
      profile: 'permissive',
      isIdentityRequired: false,
      missingIdentity: [],
      hasSelfExclusionLink: false,
      publicDomain: null,
      outsideDomain: [],
    });
  });

  it('BR: a blank field or a CNPJ that does not add up is refused naming the field; all four save, in the mask, audited', async () => {
    // Blank fields stand in the way of the switch to BR (the licence lists them); filled, it goes.
    await expect(setLicence(t.app, 'BR')).rejects.toMatchObject({
      errorCode: 'LICENCE_SWITCH_BLOCKED',
      value: {
        blockers: [
          expect.objectContaining({ id: 'operatorIdentity.cnpj' }),
          expect.objectContaining({ id: 'operatorIdentity.registeredAddress' }),
        ],
      },
    });
    expect((await putIdentity(DEMO)).statusCode).toBe(200);
    await setLicence(t.app, 'BR');
    const before = (await read()).values.operatorIdentity;
    expect(await notes()).toMatchObject({ profile: 'BR', missingIdentity: [] });

    const blank = expectFailure(await putIdentity({ ...DEMO, cnpj: '' }), 'VALIDATION_FAILED', 400);
    expect((blank.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'operatorIdentity.cnpj',
    ]);
    const twoBlank = expectFailure(
      await putIdentity({ ...DEMO, legalName: ' ', authorisationNumber: '' }),
      'VALIDATION_FAILED',
      400,
    );
    expect((twoBlank.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'operatorIdentity.legalName',
      'operatorIdentity.authorisationNumber',
    ]);
    const wrong = expectFailure(await putIdentity({ ...DEMO, cnpj: '11.222.333/0001-80' }), 'VALIDATION_FAILED', 400);
    expect((wrong.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'operatorIdentity.cnpj',
    ]);
    expect((await read()).values.operatorIdentity).toEqual(before);

    const saved = await putIdentity({ ...DEMO, cnpj: '11222333000181' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).values.operatorIdentity).toEqual(DEMO);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'settings.operatorIdentity')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited.after).toEqual(DEMO);

    expect(await permission()).toEqual({ ...DEMO, selfExclusionUrl: 'https://www.gov.br/autoexclusaoapostas' });
    expect(await notes()).toMatchObject({ missingIdentity: [], isIdentityRequired: true, hasSelfExclusionLink: true });
  });

  it('BR: the notes name the public address and the listed domains outside bet.br (a warning: the save goes through)', async () => {
    const view = await read();
    const domains = [{ domainName: 'https://www.lumen.bet.br' }, { domainName: 'https://lumen.bet.br.example' }];
    const res = await call(t.app, 'PUT', '/ops/site-settings', {
      token: admin,
      payload: { changes: { domains: { value: domains, version: view.versions.domains } }, reason: 'espelhos' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await notes()).toMatchObject({
      profile: 'BR',
      publicDomain: 'bet.br',
      publicUrl: 'https://lumenbet.example',
      outsideDomain: ['https://lumenbet.example', 'https://lumen.bet.br.example'],
    });
  });

  it('the self-exclusion platform is an https link', async () => {
    for (const value of ['http://www.gov.br/autoexclusaoapostas', 'javascript:alert(1)', '']) {
      const view = await read();
      const res = await call(t.app, 'PUT', '/ops/site-settings', {
        token: admin,
        payload: { changes: { selfExclusionUrl: { value, version: view.versions.selfExclusionUrl } }, reason: 'link' },
      });
      const failure = expectFailure(res, 'VALIDATION_FAILED', 400);
      expect((failure.value as { fields: { field: string }[] }).fields[0]?.field).toBe('selfExclusionUrl');
    }
  });

  it('back to permissive: nothing is required any more', async () => {
    await setLicence(t.app, 'permissive');
    const res = await putIdentity({ legalName: '', cnpj: '', registeredAddress: '', authorisationNumber: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await permission()).toEqual({
      legalName: null,
      cnpj: null,
      registeredAddress: null,
      authorisationNumber: null,
      selfExclusionUrl: null,
    });
  });
});
