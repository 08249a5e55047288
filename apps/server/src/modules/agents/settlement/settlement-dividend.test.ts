import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SettlementRun, Statement } from '@wps/shared/schemas/agent-settlement';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, valueOf } from '../../../../test/api-client';
import { expectLedgerHealthy } from '../../../../test/ledger-invariants';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { streamOf } from './settlement-periods';
import { addContract, addMember, addRound, balanceOf, dayWindow, flat, statementsOf } from './settlement-test-support';

const DIVIDEND = streamOf('dividend:daily')!;

describeEachDatabase('agent settlement: a dividend chain is paid on its top team netted result', (target) => {
  let t: TestApp;
  let admin: string;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offsetting branches: B’s branch loses 1 500.00, C’s wins 1 000.00, the chain is paid 50.00, not 150.00', async () => {
    // A (house, 10 %) with B and C under it, both at 10 %. A's team lost 500.00 in all: 10 % is 50.00.
    const a = await addMember(db(), null, true);
    const b = await addMember(db(), a.id, true);
    const c = await addMember(db(), a.id, true);
    const pb = await addMember(db(), b.id, false);
    const pc = await addMember(db(), c.id, false);
    await addContract(db(), 'dividend', a.id, null, flat(1000), 'daily');
    await addContract(db(), 'dividend', b.id, a.id, flat(1000), 'daily');
    await addContract(db(), 'dividend', c.id, a.id, flat(1000), 'daily');
    const w = dayWindow(40);
    const mid = new Date(w.start.getTime() + 3_600_000);
    await addRound(db(), pb.id, 150_000n, 0n, mid);
    await addRound(db(), pc.id, 100_000n, 200_000n, mid);

    await t.app.services.agentSettlement.settleWindow(DIVIDEND, w);

    const runs = valueOf<OpsPage<SettlementRun>>(
      await call(t.app, 'GET', `/ops/agents/settlement/runs?type=dividend&periodKey=${w.key}`, { token: admin }),
    );
    expect(runs.list).toEqual([expect.objectContaining({ status: 'done', totalMinor: '5000' })]);
    const statementOf = async (memberId: string) => {
      const page = valueOf<OpsPage<{ id: string }>>(
        await call(t.app, 'GET', `/ops/agents/statements?periodKey=${w.key}&memberId=${memberId}`, { token: admin }),
      );
      return valueOf<Statement>(
        await call(t.app, 'GET', `/ops/agents/statements/${page.list[0]!.id}`, { token: admin }),
      );
    };
    // B's own figure is 150.00 (10 % of its 1 500.00), but only 50.00 is paid through A: B gets it all.
    expect(await statementOf(b.id)).toMatchObject({
      teamBaseMinor: '150000',
      rateBp: 1000,
      grossMinor: '5000',
      downlineMinor: '0',
      amountMinor: '5000',
      status: 'paid',
    });
    // A's lines: B's branch 150.00 less the 50.00 paid through B, C's branch −100.00; A keeps nothing.
    const top = await statementOf(a.id);
    expect(top).toMatchObject({ teamBaseMinor: '50000', grossMinor: '5000', downlineMinor: '5000', amountMinor: '0' });
    expect(top.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sourceMemberId: b.id,
          grossMinor: '15000',
          downlineMinor: '5000',
          amountMinor: '10000',
        }),
        expect.objectContaining({
          sourceMemberId: c.id,
          grossMinor: '-10000',
          downlineMinor: '0',
          amountMinor: '-10000',
        }),
      ]),
    );
    // C's branch won: nothing paid, its deficit carried to its next period.
    expect(await statementOf(c.id)).toMatchObject({ amountMinor: '0', carryOutMinor: '-100000', status: 'none' });

    const paid = (await statementsOf(db(), w.key)).reduce((sum, s) => sum + s.amount, 0n);
    expect(paid).toBe(5_000n);
    expect([await balanceOf(db(), a.id), await balanceOf(db(), b.id), await balanceOf(db(), c.id)]).toEqual([
      0n,
      5_000n,
      0n,
    ]);
    await expectLedgerHealthy(t.database);
  });
});
