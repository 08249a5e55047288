import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  amlCoafReportSchema,
  type AmlCaseDetail,
  type AmlCasePage,
  type AmlCoafReport,
  type AmlPlayer,
} from '@wps/shared/schemas/aml';
import type { MonitoringRule } from '@wps/shared/schemas/monitoring';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrder, demoChannel } from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { setLicence } from '../licence/licence-fixtures';
import { rate } from './aml-rating';
import { loadAmlSettings } from './aml-settings';

const DAY = 86_400_000;

describe('the AML sandboxes', () => {
  it('are off with NODE_ENV=production unless ALLOW_SANDBOX_AML says so, on elsewhere', () => {
    expect(loadAmlSettings({ NODE_ENV: 'production' }).isSandboxEnabled).toBe(false);
    expect(loadAmlSettings({ NODE_ENV: 'production', ALLOW_SANDBOX_AML: '1' }).isSandboxEnabled).toBe(true);
    expect(loadAmlSettings({ NODE_ENV: 'development' }).isSandboxEnabled).toBe(true);
  });
});

// The anti-money-laundering basics through the back office's API (docs/compliance.md, "Anti-money
// laundering"): ratings from the monitoring flags, the case queue with four eyes on a filing, the
// COAF report's fields, and, under the BR profile, PEP screening at sign-up and in the sweep with
// the sandbox providers. Before this module none of these routes or tables existed.
describeEachDatabase('anti-money laundering', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    finance = await createTestOperator(t.app, 'finance');
    support = await createTestOperator(t.app, 'support');
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  const player = async (overrides: Record<string, unknown> = {}) => {
    const user = await registerUser(t.app, overrides);
    const memberId = (await t.app.services.member.findMemberIdByAccount(user.username))!;
    return { ...user, memberId };
  };
  const casesOf = async (memberId: string) =>
    valueOf<AmlCasePage>(
      await call(t.app, 'GET', `/ops/aml/cases?memberId=${memberId}&pageSize=100`, { token: admin.token }),
    ).list;
  const standing = async (memberId: string) =>
    valueOf<AmlPlayer>(await call(t.app, 'GET', `/ops/aml/players/${memberId}`, { token: admin.token }));
  const rerate = async (memberId: string) =>
    valueOf<AmlPlayer>(await call(t.app, 'POST', `/ops/aml/players/${memberId}/rating`, { token: admin.token }));
  const caseCall = (op: TestOperator, id: string, step: string, payload?: unknown) =>
    call(t.app, 'POST', `/ops/aml/cases/${id}/${step}`, { token: op.token, ...(payload ? { payload } : {}) });
  const openCase = async (memberId: string, summary = 'Depósitos fracionados em sequência') =>
    valueOf<AmlCaseDetail>(
      await call(t.app, 'POST', '/ops/aml/cases', { token: admin.token, payload: { memberId, summary } }),
    );
  const report = async (id: string) =>
    valueOf<AmlCoafReport>(await call(t.app, 'GET', `/ops/aml/cases/${id}/report`, { token: admin.token }));

  /** A monitoring flag as the hourly scan writes it (its rules are monitoring.test.ts's). */
  async function raiseFlag(memberId: string, rule: MonitoringRule, periodKey: string, at = new Date()) {
    await t.database.db
      .insertInto('monitoring_flags')
      .values({
        member_id: memberId,
        rule,
        period_key: periodKey,
        window_start: new Date(at.getTime() - DAY),
        window_end: at,
        figures: JSON.stringify({ fixture: 1 }),
        detected_at: at,
      })
      .execute();
  }

  it('adds a rating up from points: PEP 4, in-and-out 3, deposits rising 2, chasing and limits 1, night play 0', () => {
    expect(rate({ pep: null, signals: [] })).toEqual({ rating: 'low', points: 0, reasons: [] });
    expect(rate({ pep: null, signals: [{ rule: 'night_play', flags: 3 }] }).rating).toBe('low');
    expect(rate({ pep: null, signals: [{ rule: 'deposits_rising', flags: 1 }] })).toMatchObject({
      rating: 'medium',
      points: 2,
    });
    expect(rate({ pep: { role: 'Prefeito' }, signals: [] })).toEqual({
      rating: 'high',
      points: 4,
      reasons: [{ kind: 'pep', rule: null, count: 1, points: 4, detail: 'Prefeito' }],
    });
  });

  it('rates a player from the flags of the last 90 days, and opens a case when the signals alone make it high', async () => {
    const p = await player();
    await raiseFlag(p.memberId, 'deposits_rising', '2026-W01');
    await raiseFlag(p.memberId, 'limits_raised', '2026-01');
    await raiseFlag(p.memberId, 'night_play', '2026-W02');
    // Older than the look-back: not counted.
    await raiseFlag(p.memberId, 'loss_chasing', '2025-01-01', new Date(Date.now() - 100 * DAY));
    const medium = await rerate(p.memberId);
    expect(medium).toMatchObject({ rating: 'medium', points: 3, pep: 'no_identity' });
    expect(medium.reasons).toEqual([
      { kind: 'signal', rule: 'deposits_rising', count: 1, points: 2, detail: null },
      { kind: 'signal', rule: 'limits_raised', count: 1, points: 1, detail: null },
    ]);
    expect(await casesOf(p.memberId)).toEqual([]);

    // Money withdrawn and brought back to play: high on signals (a case), and the in-and-out flag opens its own.
    await raiseFlag(p.memberId, 'withdrawals_reversed', '2026-02');
    const high = await rerate(p.memberId);
    expect(high).toMatchObject({ rating: 'high', points: 6 });
    const opened = await casesOf(p.memberId);
    expect(opened.map((c) => c.trigger).sort()).toEqual(['high_risk', 'signal']);
    expect(opened.every((c) => c.status === 'open' && c.rating === 'high' && c.openedBy === null)).toBe(true);
    // Rated again with nothing new: no case twice.
    await rerate(p.memberId);
    expect(await casesOf(p.memberId)).toHaveLength(2);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'aml.rating')
      .where('subject_id', '=', p.memberId)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => (a.after as { rating: string }).rating)).toEqual(['medium', 'high']);
    expect((await standing(p.memberId)).ratedAt).not.toBeNull();
  });

  it('reads the flags the monitoring scan raised', async () => {
    const p = await player();
    for (const value of ['100', '200', '300', '400'])
      valueOf(
        await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
          token: p.result.token,
          payload: { limits: [{ kind: 'deposit_day', value }] },
        }),
      );
    valueOf(await call(t.app, 'POST', '/ops/monitoring/scan', { token: admin.token }));
    const rated = await rerate(p.memberId);
    expect(rated.reasons).toEqual([{ kind: 'signal', rule: 'limits_raised', count: 1, points: 1, detail: null }]);
    expect(rated.rating).toBe('low');
  });

  it('moves a case open → under review → awaiting approval → filed, a second operator approving, each step audited', async () => {
    const p = await player();
    const opened = await openCase(p.memberId);
    expect(opened).toMatchObject({ trigger: 'operator', status: 'open', openedBy: admin.username, assignee: null });
    const id = opened.id;
    // A filing is proposed only from review.
    expectFailure(
      await caseCall(admin, id, 'propose-filing', { narrative: 'Vinte depósitos de R$ 49 em uma hora.' }),
      ErrorCode.AML_CASE_STATE,
      409,
    );
    const reviewed = valueOf<AmlCaseDetail>(await caseCall(admin, id, 'review'));
    expect(reviewed).toMatchObject({ status: 'under_review', assigneeId: admin.operatorId, assignee: admin.username });
    valueOf(await caseCall(admin, id, 'notes', { body: 'Contas bancárias de terceiros no histórico.' }));
    const narrative = 'Vinte depósitos de R$ 49 em uma hora, sacados no dia seguinte.';
    const proposed = valueOf<AmlCaseDetail>(await caseCall(admin, id, 'propose-filing', { narrative }));
    expect(proposed.status).toBe('awaiting_approval');
    expect(proposed.filing).toMatchObject({ narrative, proposedBy: admin.username, approvedBy: null, protocol: null });
    // Four eyes: the proposer never approves their own filing.
    expectFailure(await caseCall(admin, id, 'approve-filing'), ErrorCode.AML_CASE_OWN_FILING, 403);
    const filed = valueOf<AmlCaseDetail>(await caseCall(finance, id, 'approve-filing'));
    expect(filed.status).toBe('filed');
    expect(filed.filing).toMatchObject({ proposedBy: admin.username, approvedBy: finance.username, sender: 'sandbox' });
    expect(filed.filing?.protocol).toMatch(/^SBX-COAF-[0-9A-F]{12}$/);
    expect(filed.noteList.map((n) => n.body)).toEqual(['Contas bancárias de terceiros no histórico.']);
    // A filed case stays filed.
    expectFailure(await caseCall(finance, id, 'approve-filing'), ErrorCode.AML_CASE_STATE, 409);
    expectFailure(await caseCall(admin, id, 'dismiss', { reason: 'engano' }), ErrorCode.AML_CASE_STATE, 409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'aml_case')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'aml.case.open',
      'aml.case.review',
      'aml.case.note',
      'aml.case.propose',
      'aml.case.approve',
      'aml.case.filed',
    ]);
    expect(audit.find((a) => a.action === 'aml.case.approve')?.actor_id).toBe(finance.operatorId);
    // The player's page, which support reads, names no case.
    const onMember = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', p.memberId)
      .where('action', 'like', 'aml.case%')
      .execute();
    expect(onMember).toEqual([]);
  });

  it('sends a refused filing back to review, and dismisses a case with its reason', async () => {
    const p = await player();
    const { id } = await openCase(p.memberId);
    valueOf(await caseCall(admin, id, 'review'));
    valueOf(
      await caseCall(admin, id, 'propose-filing', { narrative: 'Movimentação incompatível com a renda declarada.' }),
    );
    const back = valueOf<AmlCaseDetail>(await caseCall(finance, id, 'reject-filing', { reason: 'faltam provas' }));
    expect(back).toMatchObject({ status: 'under_review', filing: null });
    const dismissed = valueOf<AmlCaseDetail>(
      await caseCall(finance, id, 'dismiss', { reason: 'origem dos recursos comprovada' }),
    );
    expect(dismissed.status).toBe('dismissed');
    expect(dismissed.dismissal).toMatchObject({ by: finance.username, reason: 'origem dos recursos comprovada' });
    expectFailure(await caseCall(admin, id, 'review'), ErrorCode.AML_CASE_STATE, 409);
    expectFailure(await caseCall(admin, '999999999', 'review'), ErrorCode.AML_CASE_NOT_FOUND, 404);
    expectFailure(
      await call(t.app, 'POST', '/ops/aml/cases', {
        token: admin.token,
        payload: { memberId: '999999999', summary: 'ninguém' },
      }),
      ErrorCode.PLAYER_NOT_FOUND,
      404,
    );
  });

  it("exports a case's COAF report: the person, the operations with dates, amounts and methods, the grounds", async () => {
    const p = await player();
    const channel = await demoChannel(t, p.result.token, 'manual_bank');
    const order = await createOrder(t, p.result.token, channel.id, '150.50');
    const { id } = await openCase(p.memberId, 'Depósito acima do perfil');
    const draft = await report(id);
    expect(amlCoafReportSchema.parse(draft)).toEqual(draft);
    expect(draft).toMatchObject({
      format: 'wps-coaf-v1',
      reference: `AML-${id}`,
      status: 'draft',
      protocol: null,
      person: { memberId: p.memberId, account: p.username, cpf: null, pep: false, pepRole: null },
      operations: [
        {
          kind: 'deposit',
          amount: '150.50',
          amountMinor: '15050',
          method: 'manual_bank',
          status: order.status,
        },
      ],
      totals: {
        deposits: { count: 1, amount: '150.50', amountMinor: '15050' },
        withdrawals: { count: 0, amount: '0.00', amountMinor: '0' },
      },
      grounds: { trigger: 'operator', summary: 'Depósito acima do perfil', narrative: null },
      preparedBy: null,
      approvedBy: null,
    });
    expect(Object.keys(draft.communicant).sort()).toEqual(['authorisationNumber', 'cnpj', 'legalName']);
    expect(Date.parse(draft.operations[0]!.date)).toBeGreaterThan(Date.parse(draft.period.from));

    valueOf(await caseCall(admin, id, 'review'));
    const narrative = 'Depósito único muito acima do histórico do apostador.';
    valueOf(await caseCall(admin, id, 'propose-filing', { narrative }));
    const filed = valueOf<AmlCaseDetail>(await caseCall(finance, id, 'approve-filing'));
    const sent = await report(id);
    expect(sent).toMatchObject({
      status: 'filed',
      protocol: filed.filing?.protocol,
      preparedBy: admin.username,
      approvedBy: finance.username,
      grounds: { narrative },
    });
    // The report filed is the one the sandbox sender took.
    const taken = await t.database.db
      .selectFrom('aml_coaf_sandbox')
      .select(['protocol', 'report'])
      .where('idempotency_key', '=', `aml-case-${id}`)
      .executeTakeFirstOrThrow();
    expect(taken.protocol).toBe(filed.filing?.protocol);
    expect((taken.report as AmlCoafReport).operations).toEqual(sent.operations);
  });

  it('keeps the queue to aml.review (admin, finance) and the sandbox PEP list to the settings permissions', async () => {
    expectFailure(await call(t.app, 'GET', '/ops/aml/cases', { token: support.token }), 'OPERATOR_FORBIDDEN', 403);
    expect((await call(t.app, 'GET', '/ops/aml/cases', { token: finance.token })).statusCode).toBe(200);
    expectFailure(
      await call(t.app, 'POST', '/ops/aml/pep-sandbox', {
        token: finance.token,
        payload: { cpf: newCpf(), role: 'Vereador' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
  });

  it('screens a sign-up under BR: a listed CPF is a PEP, admitted and rated high with a case; a clear one is clear', async () => {
    await setLicence(t.app, 'BR');
    t.app.services.system.invalidateCache();
    const pepCpf = newCpf();
    valueOf(
      await call(t.app, 'POST', '/ops/aml/pep-sandbox', {
        token: admin.token,
        payload: { cpf: pepCpf, role: 'Deputado federal' },
      }),
    );
    const pep = await player({ cpf: pepCpf, birthDate: '1970-03-03' });
    expect(pep.result.token).toBeTruthy();
    expect(await standing(pep.memberId)).toMatchObject({
      rating: 'high',
      points: 4,
      pep: 'pep',
      pepRole: 'Deputado federal',
      reasons: [{ kind: 'pep', rule: null, count: 1, points: 4, detail: 'Deputado federal' }],
    });
    const [opened, ...more] = await casesOf(pep.memberId);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({ trigger: 'pep', status: 'open', rating: 'high' });
    expect(opened?.summary).toContain('Deputado federal');
    // The report names the person by CPF and date of birth.
    expect((await report(opened!.id)).person).toMatchObject({
      cpf: pepCpf,
      birthDate: '1970-03-03',
      pep: true,
      pepRole: 'Deputado federal',
    });

    const clear = await player({ cpf: newCpf(), birthDate: '1980-04-04' });
    expect(await standing(clear.memberId)).toMatchObject({ rating: 'low', pep: 'clear', pepRole: null });
    expect(await casesOf(clear.memberId)).toEqual([]);
  });

  it('sweeps the base: a CPF listed after sign-up is found once, however often the sweep runs', async () => {
    const cpf = newCpf();
    const p = await player({ cpf, birthDate: '1965-06-06' });
    expect((await standing(p.memberId)).pep).toBe('clear');
    valueOf(
      await call(t.app, 'POST', '/ops/aml/pep-sandbox', { token: admin.token, payload: { cpf, role: 'Ministro' } }),
    );
    const first = await t.app.services.aml.sweep();
    expect(first.peps).toBeGreaterThanOrEqual(1);
    expect(await standing(p.memberId)).toMatchObject({ pep: 'pep', pepRole: 'Ministro', rating: 'high' });
    const again = await t.app.services.aml.sweep();
    expect(again.peps).toBe(0);
    const cases = await casesOf(p.memberId);
    expect(cases.map((c) => c.trigger)).toEqual(['pep']);
    expect(cases[0]?.summary).toContain('sweep');
  });
});
