import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { GameList } from '@wps/shared/schemas/catalogue';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { InhouseCertificateChange } from '@wps/shared/schemas/inhouse-certificates';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import type { SteppedRound } from '@wps/shared/schemas/inhouse-steps';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { mainBalance, type Player } from '../gateway/gateway.test-support';
import { brPlayer, setLicence } from '../licence/licence-fixtures';
import { fundMember } from '../withdrawal/withdrawal.test-support';
import type { CrashDriver } from './crash/crash-driver';
import { stepHelpers } from './inhouse-steps.test-support';

/*
 * The house originals under the licence (docs/compliance.md, "House originals and their
 * certificates"): under BR an original with no lab certificate on record is absent from the
 * catalogue's answers and the back office marks it hidden; its launch, a play, a stepped start and a
 * crash bet are refused with GAME_NOT_CERTIFIED (403), nothing written and no money moved; a
 * mines round opened before goes on to its cash-out. Recorded (audited), the certificate lets it
 * back; under the generic licence every original is offered without one.
 */

const ORIGINALS = ['inhouse-limbo', 'inhouse-plinko', 'inhouse-keno', 'inhouse-mines', 'inhouse-hilo', 'inhouse-crash'];
const CERTIFICATE = { lab: 'GLI Brasil', number: 'GLI-BR-2025-0042', issuedOn: '2025-03-14' };

describePostgres('house originals under the licence', () => {
  let t: TestApp;
  let admin: string;
  let driver: CrashDriver;
  const steps = stepHelpers(() => t);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    driver = t.app.services.inhouse.crash.createDriver('licence-test', {
      chainLength: 50,
      bettingMs: 60_000,
      pauseMs: 0,
    });
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;
  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });
  const inhouseGames = async (p: Player, gameName?: string) =>
    valueOf<GameList>(
      await call(t.app, 'POST', '/wps/relay/GCSGAME_gameList', {
        token: p.token,
        payload: { pageNo: 1, pageSize: 100, vassalage: 'inhouse', ...(gameName ? { gameName } : {}) },
      }),
    )
      .games.map((g) => g.nodeId)
      .sort();
  const launch = (p: Player, nodeId: string) =>
    call(t.app, 'POST', '/wps/game/launchGame', { token: p.token, payload: { nodeId, vassalage: 'inhouse' } });
  const opsGames = async () =>
    valueOf<OpsInhouseGame[]>(await call(t.app, 'GET', '/ops/inhouse-games', { token: admin }));
  const certify = (nodeId: string, certificate: typeof CERTIFICATE | null) =>
    call(t.app, 'PUT', `/ops/inhouse-games/${nodeId}/certificate`, {
      token: admin,
      payload: { certificate, reason: 'lab certificate received from the testing lab' },
    });
  const playLimbo = (s: InhouseSession) =>
    call(t.app, 'POST', '/wps/inhouse/limbo/play', {
      payload: { ...auth(s), idempotencyKey: key(), stakeMinor: '100', targetHundredths: 200 },
    });
  const playPlinko = (s: InhouseSession) =>
    call(t.app, 'POST', '/wps/inhouse/plinko/play', {
      payload: { ...auth(s), idempotencyKey: key(), stakeMinor: '100', rows: 8, risk: 'low' },
    });
  const playKeno = (s: InhouseSession) =>
    call(t.app, 'POST', '/wps/inhouse/keno/play', {
      payload: { ...auth(s), idempotencyKey: key(), stakeMinor: '100', picks: [1, 2, 3], risk: 'low' },
    });
  const startHilo = (s: InhouseSession) =>
    call(t.app, 'POST', '/wps/inhouse/hilo/start', {
      payload: { ...auth(s), idempotencyKey: key(), stakeMinor: '100' },
    });
  const crashBet = (s: InhouseSession) =>
    call(t.app, 'POST', '/wps/inhouse/crash/bet', {
      payload: { ...auth(s), idempotencyKey: key(), stakeMinor: '100' },
    });
  const roundsOf = async (memberId: string) =>
    (
      await t.database.db
        .selectFrom('inhouse_rounds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n;

  const crashBets = async () =>
    (
      await t.database.db
        .selectFrom('crash_bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  /** A betting crash round (the driver turned until one opens). */
  async function crashBetting(): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const row = await t.database.db
        .selectFrom('crash_rounds')
        .select('phase')
        .where('phase', '<>', 'busted')
        .executeTakeFirst();
      if (row?.phase === 'betting') return;
      await driver.turn();
    }
    throw new Error('no crash round opened');
  }

  it('under the generic licence every original is listed, launched and played without a certificate', async () => {
    const p = await brPlayer(t.app, { verified: true });
    await fundMember(t.app, p.memberId, 10_000n);
    const listed = await inhouseGames(p);
    for (const nodeId of ORIGINALS) expect(listed).toContain(nodeId);
    expect((await opsGames()).filter((g) => g.hiddenByLicence)).toEqual([]);
    const s = await steps.open(p, 'inhouse-limbo');
    valueOf(await playLimbo(s));
  });

  it('under BR an original without a certificate is hidden and refused; an open round still cashes out; a certificate lets it back, audited', async () => {
    await setLicence(t.app, 'BR');
    const p = await brPlayer(t.app, { verified: true });
    await fundMember(t.app, p.memberId, 10_000n);

    // Hidden: the catalogue's answers (the list, a search by name) and the back office's mark.
    const listed = await inhouseGames(p);
    for (const nodeId of ORIGINALS) expect(listed).not.toContain(nodeId);
    expect(listed).toEqual(expect.arrayContaining(['inhouse-dice', 'inhouse-slot']));
    expect(await inhouseGames(p, 'Limbo')).toEqual([]);
    // The studio's own pages read the same answer (public).
    expect(
      valueOf<{ hiddenByLicence: string[] }>(await call(t.app, 'GET', '/wps/inhouse/offer')).hiddenByLicence,
    ).toEqual([...ORIGINALS].sort());
    const ops = await opsGames();
    expect(
      ops
        .filter((g) => g.hiddenByLicence)
        .map((g) => g.nodeId)
        .sort(),
    ).toEqual([...ORIGINALS].sort());
    expect(ops.find((g) => g.nodeId === 'inhouse-dice')).toMatchObject({
      needsCertificate: false,
      hiddenByLicence: false,
    });
    // Refused at launch.
    const refusedLaunch = expectFailure(await launch(p, 'inhouse-keno'), ErrorCode.GAME_NOT_CERTIFIED, 403);
    expect(refusedLaunch.value).toMatchObject({ rule: 'certifiedGames', profile: 'BR', game: 'inhouse-keno' });

    // Certified: listed and played again; the change is in the audit log with what was recorded.
    for (const nodeId of ORIGINALS) {
      const change = valueOf<InhouseCertificateChange>(await certify(nodeId, CERTIFICATE));
      expect(change).toMatchObject({ nodeId, before: null, after: CERTIFICATE });
    }
    expect(await inhouseGames(p)).toEqual(expect.arrayContaining(ORIGINALS));
    expect(
      valueOf<{ hiddenByLicence: string[] }>(await call(t.app, 'GET', '/wps/inhouse/offer')).hiddenByLicence,
    ).toEqual([]);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('subject_id', '=', 'inhouse-limbo')
      .where('action', '=', 'inhouse_game.certificate')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject(CERTIFICATE);

    const sessions = Object.fromEntries(
      await Promise.all(ORIGINALS.map(async (nodeId) => [nodeId, await steps.open(p, nodeId)] as const)),
    );
    valueOf(await playLimbo(sessions['inhouse-limbo']!));
    // A mines round opened while certified, to be finished after the certificate is withdrawn.
    const open = valueOf<SteppedRound>(await steps.startMines(sessions['inhouse-mines']!, '100', 3));
    const safe = steps.safeTiles(await steps.minesOf(p, open));
    await crashBetting();
    valueOf(await crashBet(sessions['inhouse-crash']!));
    const other = await brPlayer(t.app, { verified: true });
    await fundMember(t.app, other.memberId, 10_000n);
    const otherCrash = await steps.open(other, 'inhouse-crash');

    // Withdrawn: every new round of every original is refused in the round's transaction, with
    // the sessions already open; nothing is written, no money moves.
    for (const nodeId of ORIGINALS) valueOf(await certify(nodeId, null));
    expect(await inhouseGames(p)).not.toContain('inhouse-mines');
    const balance = await mainBalance(t.app, p.memberId);
    const rounds = await roundsOf(p.memberId);
    const refusals = [
      await playLimbo(sessions['inhouse-limbo']!),
      await playPlinko(sessions['inhouse-plinko']!),
      await playKeno(sessions['inhouse-keno']!),
      await startHilo(sessions['inhouse-hilo']!),
    ];
    for (const res of refusals)
      expect(expectFailure(res, ErrorCode.GAME_NOT_CERTIFIED, 403).value).toMatchObject({
        door: 'stake',
        rule: 'certifiedGames',
        profile: 'BR',
      });
    // The open mines round is finished, not trapped: a tile, then the cash-out.
    valueOf(await steps.reveal(sessions['inhouse-mines']!, open.roundId, safe[0]!));
    const cashed = valueOf<SteppedRound>(
      await steps.post('mines/cashout', sessions['inhouse-mines']!, { roundId: open.roundId }),
    );
    expect(cashed.status).toBe('settled');
    // A new mines round is not.
    expectFailure(await steps.startMines(sessions['inhouse-mines']!, '100', 3), ErrorCode.GAME_NOT_CERTIFIED, 403);
    expect(await roundsOf(p.memberId)).toBe(rounds);
    expect(await mainBalance(t.app, p.memberId)).toBe(balance + BigInt(cashed.payoutMinor));

    // Crash: another player's bet in the same betting round is refused before anything is written.
    const betsBefore = await crashBets();
    expect(expectFailure(await crashBet(otherCrash), ErrorCode.GAME_NOT_CERTIFIED, 403).value).toMatchObject({
      rule: 'certifiedGames',
      game: 'inhouse-crash',
    });
    expect(await crashBets()).toBe(betsBefore);
  });

  it('refuses a certificate for a game that is no original, or issued after today', async () => {
    expectFailure(await certify('inhouse-dice', CERTIFICATE), ErrorCode.GAME_NOT_FOUND, 404);
    expectFailure(
      await certify('inhouse-limbo', { ...CERTIFICATE, issuedOn: '2999-01-01' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });
});
