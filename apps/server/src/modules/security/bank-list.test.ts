import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsBank, OpsBankListItem } from '@wps/shared/schemas/banks';
import type { Bank } from '@wps/shared/schemas/security';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer } from '../deposit/deposit.test-support';

const PAYEE = 'Maria Clara Souza';

// The operator's bank list through /ops/banks, as the player's security centre then offers it:
// add, rename, disable (no longer offered, bound accounts keep it) and enable; support reads it
// but changes nothing; bad codes, names and reasons are refused with nothing written; every change
// is audited with the operator, the reason and the bank before and after.
describeEachDatabase('bank list (back office)', (target) => {
  let t: TestApp;
  let finance: TestOperator;
  let support: string;
  let player: { token: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = await createTestOperator(t.app, 'finance');
    support = (await createTestOperator(t.app, 'support')).token;
    player = await newPlayer(t);
    valueOf(await call(t.app, 'PUT', '/wps/member/payee-name', { token: player.token, payload: { payeeName: PAYEE } }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const opsBanks = async (token = finance.token) =>
    valueOf<OpsBankListItem[]>(await call(t.app, 'GET', '/ops/banks', { token }));
  const playerBanks = async () =>
    valueOf<Bank[]>(await call(t.app, 'GET', '/wps/member/banks', { token: player.token }));
  const saveBank = (code: string, payload: unknown, token = finance.token) =>
    call(t.app, 'PUT', `/ops/banks/${code}`, { token, payload });
  const setStatus = (code: string, payload: unknown, token = finance.token) =>
    call(t.app, 'PUT', `/ops/banks/${code}/status`, { token, payload });
  const bind = (bankCode: string, accountNumber: string) =>
    call(t.app, 'PUT', '/wps/member/bank-accounts', {
      token: player.token,
      payload: { bankCode, accountNumber, holderName: PAYEE },
    });
  const audit = (subjectId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type', 'actor_id', 'reason', 'before', 'after'])
      .where('subject_type', '=', 'bank')
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'asc')
      .execute();
  const bankRow = (code: string) =>
    t.database.db.selectFrom('banks').selectAll().where('code', '=', code).executeTakeFirst();

  it('lists every bank in the players’ order, with its switch and bound accounts; support may read it', async () => {
    valueOf(await bind('260', '26002600'));
    const banks = await opsBanks();
    expect(banks.slice(0, 2)).toEqual([
      { code: '001', name: 'Banco do Brasil', enabled: true, sortOrder: 10, accountCount: 0 },
      { code: '104', name: 'Caixa Econômica Federal', enabled: true, sortOrder: 20, accountCount: 0 },
    ]);
    expect(banks.find((b) => b.code === '260')).toEqual({
      code: '260',
      name: 'Nubank',
      enabled: true,
      sortOrder: 60,
      accountCount: 1,
    });
    expect(await opsBanks(support)).toEqual(banks);
  });

  it('adds a bank, renames it (keeping its place), disables it for new accounts and enables it again; audited', async () => {
    const added = valueOf<OpsBank>(
      await saveBank('9001', { name: '  Banco   Nove\n', sortOrder: 5, reason: 'new partner bank' }),
    );
    expect(added).toEqual({ code: '9001', name: 'Banco Nove', enabled: true, sortOrder: 5 });
    expect((await playerBanks())[0]).toEqual({ code: '9001', name: 'Banco Nove' });

    const renamed = valueOf<OpsBank>(await saveBank('9001', { name: 'Banco Nove S.A.', reason: 'legal name' }));
    expect(renamed).toEqual({ code: '9001', name: 'Banco Nove S.A.', enabled: true, sortOrder: 5 });
    valueOf(await bind('9001', '90019001'));
    expect((await opsBanks()).find((b) => b.code === '9001')).toMatchObject({
      name: 'Banco Nove S.A.',
      accountCount: 1,
    });

    const disabled = valueOf<OpsBank>(await setStatus('9001', { enabled: false, reason: 'bank under intervention' }));
    expect(disabled).toEqual({ ...renamed, enabled: false });
    expect((await playerBanks()).map((b) => b.code)).not.toContain('9001');
    expectFailure(await bind('9001', '90019002'), ErrorCode.BANK_NOT_SUPPORTED, 400);
    // The account bound before keeps its bank, and the back office still lists the bank.
    const summary = valueOf<{ bankAccounts: { bankCode: string; bankName: string }[] }>(
      await call(t.app, 'GET', '/wps/member/security', { token: player.token }),
    );
    expect(summary.bankAccounts).toContainEqual(
      expect.objectContaining({ bankCode: '9001', bankName: 'Banco Nove S.A.' }),
    );
    expect((await opsBanks(support)).find((b) => b.code === '9001')).toMatchObject({ enabled: false, accountCount: 1 });

    valueOf(await setStatus('9001', { enabled: true, reason: 'intervention over' }));
    expect((await playerBanks())[0]).toEqual({ code: '9001', name: 'Banco Nove S.A.' });

    const entries = await audit('9001');
    expect(entries.map((e) => [e.action, e.actor_type, e.actor_id, e.reason])).toEqual([
      ['bank.save', 'operator', finance.operatorId, 'new partner bank'],
      ['bank.save', 'operator', finance.operatorId, 'legal name'],
      ['bank.disable', 'operator', finance.operatorId, 'bank under intervention'],
      ['bank.enable', 'operator', finance.operatorId, 'intervention over'],
    ]);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [null, { code: '9001', name: 'Banco Nove', enabled: true, sortOrder: 5 }],
      [
        { code: '9001', name: 'Banco Nove', enabled: true, sortOrder: 5 },
        { code: '9001', name: 'Banco Nove S.A.', enabled: true, sortOrder: 5 },
      ],
      [
        { code: '9001', name: 'Banco Nove S.A.', enabled: true, sortOrder: 5 },
        { code: '9001', name: 'Banco Nove S.A.', enabled: false, sortOrder: 5 },
      ],
      [
        { code: '9001', name: 'Banco Nove S.A.', enabled: false, sortOrder: 5 },
        { code: '9001', name: 'Banco Nove S.A.', enabled: true, sortOrder: 5 },
      ],
    ]);
  });

  it('a bank added without an order goes last; reordering moves it in the player’s list', async () => {
    valueOf(await saveBank('ZZ-1', { name: 'Banco Último', reason: 'regional bank' }));
    expect((await playerBanks()).at(-1)).toEqual({ code: 'ZZ-1', name: 'Banco Último' });
    expect(
      valueOf<OpsBank>(await saveBank('ZZ-1', { name: 'Banco Último', sortOrder: 15, reason: 'move it up' })).sortOrder,
    ).toBe(15);
    expect((await playerBanks()).map((b) => b.code).slice(0, 4)).toEqual(['9001', '001', 'ZZ-1', '104']);
  });

  it('refuses support’s changes with OPERATOR_FORBIDDEN, writing nothing', async () => {
    expectFailure(
      await saveBank('9002', { name: 'Banco Suporte', reason: 'not allowed' }, support),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await setStatus('260', { enabled: false, reason: 'not allowed' }, support),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expect(await bankRow('9002')).toBeUndefined();
    expect(await bankRow('260')).toMatchObject({ enabled: true });
    expect(await audit('9002')).toEqual([]);
    expect(await audit('260')).toEqual([]);
  });

  it('refuses bad codes, names, orders and reasons with VALIDATION_FAILED, and unknown banks with NOT_FOUND, writing nothing', async () => {
    const refused = async (res: Awaited<ReturnType<typeof saveBank>>, field: string) => {
      const failure = expectFailure(res, ErrorCode.VALIDATION_FAILED, 400);
      expect((failure.value as { fields: { field: string }[] }).fields.map((f) => f.field)).toContain(field);
    };
    await refused(await saveBank('bad%20code!', { name: 'Banco', reason: 'bad code' }), 'params.bankCode');
    await refused(await saveBank('A'.repeat(17), { name: 'Banco', reason: 'too long' }), 'params.bankCode');
    await refused(await saveBank('9003', { name: '   ', reason: 'blank name' }), 'body.name');
    await refused(await saveBank('9003', { name: 'B'.repeat(129), reason: 'long name' }), 'body.name');
    await refused(await saveBank('9003', { name: 'Banco\u0000Nulo', reason: 'control character' }), 'body.name');
    await refused(await saveBank('9003', { name: 'Banco', sortOrder: -1, reason: 'negative order' }), 'body.sortOrder');
    await refused(await saveBank('9003', { name: 'Banco', sortOrder: 1.5, reason: 'fraction' }), 'body.sortOrder');
    await refused(await saveBank('9003', { name: 'Banco' }), 'body.reason');
    await refused(await saveBank('9003', { name: 'Banco', reason: ' x ' }), 'body.reason');
    await refused(await setStatus('260', { enabled: 'no', reason: 'not a boolean' }), 'body.enabled');
    await refused(await setStatus('260', { enabled: false }), 'body.reason');
    expectFailure(await setStatus('4040', { enabled: false, reason: 'no such bank' }), ErrorCode.NOT_FOUND, 404);
    expect(await bankRow('9003')).toBeUndefined();
    expect(await bankRow('bad code!')).toBeUndefined();
    expect(await bankRow('260')).toMatchObject({ name: 'Nubank', enabled: true });
    const written = await t.database.db
      .selectFrom('audit_log')
      .select('subject_id')
      .where('subject_type', '=', 'bank')
      .where('subject_id', 'not in', ['9001', 'ZZ-1'])
      .execute();
    expect(written).toEqual([]);
  });
});
