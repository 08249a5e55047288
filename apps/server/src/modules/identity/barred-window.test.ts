import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BarredHit } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { localDayKey } from '@wps/shared/reward-periods';
import { call, disableRegisterCaptcha, expectFailure, login, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { BARRED_LIST_SWEEP_INTERVAL_MS, startBarredListSweepJob } from '../../jobs/barred-list-sweep.job';
import { periodAt } from '../../jobs/interval-job';
import { setLicence } from '../licence/licence-fixtures';
import { insertIdentifiedPlayer, listBarredCpf } from './barred.test-support';

const DAY = 86_400_000;
const TIME_ZONE = 'America/Sao_Paulo';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A barred member's hit (IN SPA/MF 31/2025, read in summaries; docs/compliance.md, "Barred
 * persons"): the member is told in the inbox with the withdrawal window's end and the refund's
 * deadline, both recorded on the hit with each contact made; and the 15-day sweep counts its
 * periods on the calendar clock the daily check counts operator days by.
 *
 * Each fails without the change: before it a hit wrote no notice, no window and no contact, and
 * the sweep's periods followed the real clock whatever the calendar said.
 */
describeEachDatabase('a barred member told, with the deadlines recorded', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  /** The calendar clock: the operator's "today" moves with it. */
  let offsetMs = 0;
  const calendarNow = () => Date.now() + offsetMs;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: calendarNow });
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
  });
  afterAll(async () => {
    await setLicence(t.app, 'permissive');
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  const identifiedPlayer = () => insertIdentifiedPlayer(t);
  const listCpf = (cpf: string) => listBarredCpf(t.app, admin.token, cpf);

  it('tells a barred player, opens the withdrawal window, records its deadlines and each contact', async () => {
    const player = await identifiedPlayer();
    await listCpf(player.cpf);
    await setLicence(t.app, 'BR');
    try {
      const at = calendarNow();
      expectFailure(await login(t.app, player.account, player.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
      const [hit] = await t.database.db
        .selectFrom('barred_hits')
        .select(['id', 'withdraw_until', 'refund_due_at'])
        .where('member_id', '=', player.id)
        .execute();
      // The BR licence's window: two days to withdraw, two more to refund (barredWithdrawalDays, barredRefundDays).
      const withdrawUntil = hit!.withdraw_until!.getTime();
      expect(Math.abs(withdrawUntil - (at + 2 * DAY))).toBeLessThan(60_000);
      expect(hit!.refund_due_at!.getTime() - withdrawUntil).toBe(2 * DAY);
      const notices = await t.database.db
        .selectFrom('member_notices')
        .select(['kind', 'params'])
        .where('member_id', '=', player.id)
        .execute();
      expect(notices).toEqual([
        {
          kind: 'barred_withdrawal_window',
          params: {
            withdrawUntil: hit!.withdraw_until!.toISOString(),
            refundDueAt: hit!.refund_due_at!.toISOString(),
          },
        },
      ]);

      // The next day's refused login is a new hit of the same episode: no second notice, the deadlines stand.
      offsetMs += DAY;
      expectFailure(await login(t.app, player.account, player.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
      const page = valueOf<OpsPage<BarredHit>>(
        await call(t.app, 'GET', '/ops/compliance/barred-hits?check=login&status=open&pageSize=100', {
          token: admin.token,
        }),
      );
      const mine = page.list.filter((h) => h.memberId === player.id).sort((a, b) => Number(a.id) - Number(b.id));
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({
        withdrawUntil: hit!.withdraw_until!.toISOString(),
        refundDueAt: hit!.refund_due_at!.toISOString(),
        contacts: [expect.objectContaining({ channel: 'inbox', recordedBy: null })],
      });
      expect(mine[1]).toMatchObject({ withdrawUntil: null, refundDueAt: null, contacts: [] });
      expect(
        await t.database.db.selectFrom('member_notices').select('id').where('member_id', '=', player.id).execute(),
      ).toHaveLength(1);

      // An operator's e-mail to the player joins the record, audited.
      const recorded = valueOf<BarredHit>(
        await call(t.app, 'POST', `/ops/compliance/barred-hits/${mine[0]!.id}/contacts`, {
          token: admin.token,
          payload: { channel: 'email', content: 'Enviado: prazo para saque e conta do titular para devolução' },
        }),
      );
      expect(recorded.contacts.map((c) => [c.channel, c.recordedBy])).toEqual([
        ['inbox', null],
        ['email', admin.operatorId],
      ]);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'barred_hit.contact')
        .where('subject_id', '=', player.id)
        .execute();
      expect(audit).toHaveLength(1);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('runs the 15-day sweep on the calendar clock the daily check counts by', async () => {
    const player = await identifiedPlayer();
    await listCpf(player.cpf);
    await setLicence(t.app, 'BR');
    // Far enough ahead that the real clock's period and the calendar's differ.
    offsetMs += 16 * DAY;
    const stop = startBarredListSweepJob(t.app.services.identity, {
      db: t.database.db,
      instance: 'barred-window-test',
      leaseMs: 60_000,
      log: quiet,
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await sql<{ period_key: string }>`SELECT period_key FROM job_runs
                WHERE job = 'barred-list-sweep' AND finished_at IS NOT NULL`.execute(t.database.db)
            ).rows.map((r) => r.period_key),
          { timeout: 10_000 },
        )
        .toEqual([periodAt(calendarNow(), BARRED_LIST_SWEEP_INTERVAL_MS).key]);
    } finally {
      await stop();
      await setLicence(t.app, 'permissive');
    }
    const period = periodAt(calendarNow(), BARRED_LIST_SWEEP_INTERVAL_MS);
    const hits = await t.database.db
      .selectFrom('barred_hits')
      .select((eb) => eb.fn<string>('to_char', [eb.ref('check_day'), eb.val('YYYY-MM-DD')]).as('day'))
      .where('member_id', '=', player.id)
      .where('check_kind', '=', 'sweep')
      .execute();
    expect(hits).toEqual([{ day: localDayKey(period.start, TIME_ZONE) }]);
  });
});
