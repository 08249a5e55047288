import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashServerSeed } from '@wps/shared/provably-fair';
import type { InhouseSession, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer } from '../gateway/gateway.test-support';

type InhouseRow = {
  roundId: string;
  game: string;
  stakeMinor: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: string;
  outcome: unknown;
};
type RoundRow = { vassalage: string; roundId: string; totalBetMinor: string };

describeEachDatabase('back-office player page: game rounds and their fairness data', (target) => {
  let t: TestApp;
  let support: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    support = await createTestOperator(t.app, 'support');
  }, 180_000);
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  it('shows an in-house round with its seed hash, client seed and nonce; the server seed only once revealed', async () => {
    const player = await createPlayer(t.app, 5000n);
    const launched = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse', gameId: 'inhouse-slot', language: 'en' },
      }),
    );
    const launch = new URLSearchParams(launched.game_url.split('?')[1]).get('launch')!;
    const s = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
    const auth = { sessionToken: s.sessionToken, playerId: s.playerId };
    valueOf(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: { ...auth, stakeMinor: '100', idempotencyKey: `k-${crypto.randomUUID()}` },
      }),
    );

    const base = `/ops/players/${player.memberId}`;
    const before = valueOf<{ list: InhouseRow[] }>(
      await call(t.app, 'GET', `${base}/inhouse-rounds`, { token: support.token }),
    );
    expect(before.list).toHaveLength(1);
    const round = before.list[0]!;
    expect(round).toMatchObject({ game: 'slot', stakeMinor: '100', nonce: '0', serverSeed: null });
    expect(round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(round.outcome).toBeTruthy();

    // The same round in the list of every vendor's rounds.
    const rounds = valueOf<{ list: RoundRow[] }>(await call(t.app, 'GET', `${base}/rounds`, { token: support.token }));
    expect(rounds.list.map((r) => [r.vassalage, r.roundId, r.totalBetMinor])).toEqual([
      ['inhouse', round.roundId, '100'],
    ]);

    const rotated = valueOf<RotateSeedResult>(await call(t.app, 'POST', '/wps/inhouse/fair/rotate', { payload: auth }));
    const after = valueOf<{ list: InhouseRow[] }>(
      await call(t.app, 'GET', `${base}/inhouse-rounds`, { token: support.token }),
    );
    expect(after.list[0]!.serverSeed).toBe(rotated.revealed.serverSeed);
    expect(hashServerSeed(after.list[0]!.serverSeed!)).toBe(round.serverSeedHash);

    const csv = await call(t.app, 'GET', `${base}/inhouse-rounds/csv`, { token: support.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(rotated.revealed.serverSeed);
    const roundsCsv = await call(t.app, 'GET', `${base}/rounds/csv?status=settled`, { token: support.token });
    expect(roundsCsv.body).toContain(round.roundId);
  });
});
