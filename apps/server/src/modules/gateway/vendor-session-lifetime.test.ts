import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  registerUser,
  strongPassword,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { databaseTargets } from '../../../test/test-app';
import { fundMember, memberIdOf } from '../withdrawal/withdrawal.test-support';
import { SANDBOX_SEAMLESS } from './gateway.service';
import {
  createGatewayHarness,
  launchToken,
  mainBalance,
  type CallbackResult,
  type GatewayHarness,
  type Player,
} from './gateway.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// A game session (12 h) ends when the login session that launched it does: logout,
// password change, password reset, account disabled. Wins and rollbacks still settle after it
// ended (docs/vendor-api.md: token expiry is not enforced on wins and rollbacks).
for (const target of databaseTargets()) {
  describe(`game sessions end with their login session [${target}]`, () => {
    let h: GatewayHarness;

    beforeAll(async () => {
      h = await createGatewayHarness(target);
      await disableRegisterCaptcha(h.app);
    });
    afterAll(async () => {
      await h?.close();
    });
    afterEach(async () => {
      await expectLedgerHealthy(h.database);
    });

    async function player(balanceMinor = 10_000n): Promise<Player & { username: string; password: string }> {
      const user = await registerUser(h.app);
      const memberId = await memberIdOf(h.app, user.result.token);
      await fundMember(h.app, memberId, balanceMinor);
      return { token: user.result.token, memberId, username: user.username, password: user.password };
    }

    /** Launch as `token`'s login session and authenticate through the sandbox vendor. */
    async function gameSession(p: Player, token = p.token): Promise<string> {
      const launch = await launchToken(h.app, { ...p, token }, 'SBX-slot-01', SANDBOX_SEAMLESS);
      const [auth] = await h.sandbox.callbacks([{ op: 'authenticate', body: { launchToken: launch } }]);
      expect(auth!.status, JSON.stringify(auth!.body)).toBe(200);
      return String(auth!.body.value!.sessionToken);
    }

    const balance = async (p: Player, sessionToken: string): Promise<CallbackResult> =>
      (await h.sandbox.callbacks([{ op: 'balance', body: { playerId: p.memberId, sessionToken } }]))[0]!;

    const bet = async (
      p: Player,
      sessionToken: string,
      transactionId = id('b'),
      roundId = id('r'),
    ): Promise<CallbackResult> =>
      (
        await h.sandbox.callbacks([
          {
            op: 'bet',
            body: {
              playerId: p.memberId,
              sessionToken,
              transactionId,
              roundId,
              gameId: 'SBX-slot-01',
              amountMinor: '100',
            },
          },
        ])
      )[0]!;

    function expectRefused(r: CallbackResult): void {
      expect(r.status, JSON.stringify(r.body)).toBe(401);
      expect(r.body.errorCode).toBe(ErrorCode.VENDOR_TOKEN_INVALID);
    }

    it('logout ends the game session and unused launch tokens; a late win for an earlier bet still pays', async () => {
      const p = await player();
      const sessionToken = await gameSession(p);
      // Cached as live on the hot path before the logout.
      expect((await balance(p, sessionToken)).status).toBe(200);
      const betTx = id('b');
      const roundId = id('r');
      expect((await bet(p, sessionToken, betTx, roundId)).status).toBe(200);
      const pendingLaunch = await launchToken(h.app, p, 'SBX-slot-01', SANDBOX_SEAMLESS);

      valueOf(await call(h.app, 'DELETE', '/wps/session/logout', { token: p.token }));

      expectRefused(await balance(p, sessionToken));
      expectRefused(await bet(p, sessionToken));
      const [auth] = await h.sandbox.callbacks([{ op: 'authenticate', body: { launchToken: pendingLaunch } }]);
      expectRefused(auth!);
      // The round that was open at logout still settles.
      const [win] = await h.sandbox.callbacks([
        {
          op: 'win',
          body: {
            playerId: p.memberId,
            sessionToken,
            transactionId: id('w'),
            roundId,
            betTransactionId: betTx,
            amountMinor: '250',
            roundClosed: true,
          },
        },
      ]);
      expect(win!.status, JSON.stringify(win!.body)).toBe(200);
      expect(await mainBalance(h.app, p.memberId)).toBe(10_000n - 100n + 250n);
    });

    it('a password change ends the game sessions of the other login sessions; the one that changed it plays on', async () => {
      const p = await player();
      const other = valueOf<LoginResult>(await login(h.app, p.username, p.password)).token;
      const fromOther = await gameSession(p, other);
      const fromCurrent = await gameSession(p);
      expect((await balance(p, fromOther)).status).toBe(200);

      const next = strongPassword();
      valueOf(
        await callEncrypted(
          h.app,
          'POST',
          '/wps/member/password',
          { oldPassword: p.password, newPassword: next, confirmNewPassword: next },
          { token: p.token },
        ),
      );

      expectRefused(await balance(p, fromOther));
      expectRefused(await bet(p, fromOther));
      expect((await bet(p, fromCurrent)).status).toBe(200);
    });

    it('a password reset by e-mail ends every game session', async () => {
      const password = strongPassword();
      const email = `${id('reset')}@example.com`;
      const member = await insertTestMember(h, password, { email });
      await fundMember(h.app, member.id, 5_000n);
      const token = valueOf<LoginResult>(await login(h.app, member.account, password)).token;
      const p: Player = { token, memberId: member.id };
      const sessionToken = await gameSession(p);
      expect((await balance(p, sessionToken)).status).toBe(200);

      valueOf(
        await call(h.app, 'POST', '/wps/member/password/email', { payload: { username: member.account, email } }),
      );
      const mail = await waitForEmail(h.app, email);
      const resetToken = /[?#&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(resetToken).toBeTruthy();
      const next = strongPassword();
      valueOf(
        await callEncrypted(h.app, 'POST', '/wps/member/password/reset', {
          token: resetToken,
          newPassword: next,
          confirmNewPassword: next,
        }),
      );

      expectRefused(await balance(p, sessionToken));
      expectRefused(await bet(p, sessionToken));
    });

    it('a disabled account ends its game sessions', async () => {
      const p = await player();
      const sessionToken = await gameSession(p);
      expect((await balance(p, sessionToken)).status).toBe(200);
      // No operator API disables a member yet: this is the row change such a call would make. The
      // members trigger tells every instance (change feed), which evicts cached game sessions.
      await h.database.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.memberId).execute();
      let last: CallbackResult | undefined;
      for (const until = Date.now() + 5000; Date.now() < until; ) {
        last = await balance(p, sessionToken);
        if (last.status !== 200) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expectRefused(last!);
      expectRefused(await bet(p, sessionToken));
    });

    it('logout ends an in-house game session too', async () => {
      const p = await player();
      const url = valueOf<{ game_url: string }>(
        await call(h.app, 'POST', '/wps/game/launchGame', {
          token: p.token,
          payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' },
        }),
      ).game_url;
      const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
      const s = valueOf<InhouseSession>(
        await call(h.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
      );
      const auth = { sessionToken: s.sessionToken, playerId: s.playerId };
      valueOf(await call(h.app, 'POST', '/wps/inhouse/fair', { payload: auth }));

      valueOf(await call(h.app, 'DELETE', '/wps/session/logout', { token: p.token }));

      expectFailure(
        await call(h.app, 'POST', '/wps/inhouse/fair', { payload: auth }),
        ErrorCode.VENDOR_TOKEN_INVALID,
        401,
      );
      expectFailure(
        await call(h.app, 'POST', '/wps/inhouse/dice/roll', {
          payload: { ...auth, stakeMinor: '100', idempotencyKey: id('k'), target: 5000, direction: 'under' },
        }),
        ErrorCode.VENDOR_TOKEN_INVALID,
        401,
      );
      expect(await mainBalance(h.app, p.memberId)).toBe(10_000n);
    });
  });
}
