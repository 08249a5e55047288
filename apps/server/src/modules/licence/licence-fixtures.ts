import crypto from 'node:crypto';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { App } from '../../app';
import {
  makeVipLevelsBrReady as makeVipLevelsReady,
  switchOffForbiddenProducts as switchOffForbidden,
} from '../../db/seed-jurisdiction';
import type { AppServices } from '../../services';
import { call, registerUser, valueOf, waitForEmail } from '../../../test/api-client';
import { newCpf } from '../identity/identity-fixtures';
import { passIdentityCheck } from '../kyc/kyc.test-support';
import { memberIdOf } from '../withdrawal/withdrawal.test-support';

type FixtureApp = { services: Pick<AppServices, 'licence' | 'catalogue' | 'lottery' | 'loyalty'> };

const TEST_ACTOR = { actorType: 'system', actorId: 'test' } as const;

/** The products setLicence switched off for a profile that forbids them, per app, until the generic licence again. */
const switchedOff = new WeakMap<object, LicenceBlocker[]>();

/**
 * Tests: switch off the live products `profile` forbids, as an operator does before the switch
 * (the demo seed's P2P tables are disabled, its foreign lottery draws paused); returns them. The
 * demo installation does the same (db/seed-jurisdiction.ts).
 */
export function switchOffForbiddenProducts(app: FixtureApp, profile: JurisdictionProfile): Promise<LicenceBlocker[]> {
  return switchOffForbidden(app.services, profile, TEST_ACTOR, 'test set-up: licence');
}

/** Tests: switch back on products switchOffForbiddenProducts switched off. */
export async function switchOnProducts(app: FixtureApp, products: LicenceBlocker[]): Promise<void> {
  const { catalogue, lottery } = app.services;
  for (const b of products) {
    if (b.kind === 'game') await catalogue.setGameStatus(TEST_ACTOR, b.id, 'active', 'test set-up: licence');
    if (b.kind === 'lottery_game') await lottery.ops.setGameStatus(TEST_ACTOR, b.id, 'active', 'test set-up: licence');
  }
}

/**
 * Tests: the default VIP levels (migration 0261) pay cash bonuses on levels with a deposit
 * threshold, which BR forbids (loyalty/vip-licence.ts): their bonuses become points, as an operator
 * changes them before asking for the switch (licence-offers.test.ts shows that refusal).
 */
export function makeVipLevelsBrReady(app: { services: Pick<AppServices, 'loyalty'> }): Promise<void> {
  return makeVipLevelsReady(app.services, 'test');
}

/**
 * Tests: set the operator's licence profile as the ops console's `licence:set` does (alone,
 * audited, still refused while live set-ups break it). A test of the switch itself goes through
 * the back office's routes with two operators (licence.test.ts). The demo seed's products the
 * profile forbids are switched off first, and on again with the generic licence, so a test about
 * something else is not refused for them (licence-products.test.ts shows that refusal); the default
 * VIP levels are made BR-ready the same way (not restored: the generic licence allows either).
 */
export async function setLicence(app: FixtureApp, profile: JurisdictionProfile) {
  if (profile === 'BR') await makeVipLevelsBrReady(app);
  const off = await switchOffForbiddenProducts(app, profile);
  if (off.length > 0) switchedOff.set(app.services, [...(switchedOff.get(app.services) ?? []), ...off]);
  await app.services.licence.changes.setFromConsole(profile, 'test set-up', {
    actorType: 'system',
    actorId: 'test',
  });
  if (profile === 'permissive') {
    await switchOnProducts(app, switchedOff.get(app.services) ?? []);
    switchedOff.delete(app.services);
  }
}

/**
 * Tests: the deposit, loss and time limits a player sets before depositing or playing under BR (the
 * responsible-gaming guards), so what refuses a test's deposit or stake is the door it is about.
 */
export async function setBrLimits(app: App, player: { token: string }): Promise<void> {
  valueOf(
    await call(app, 'PUT', '/wps/responsible-gaming/limits', {
      token: player.token,
      payload: {
        limits: [
          { kind: 'deposit_month', value: '1000' },
          { kind: 'daily_time', value: '600' },
          { kind: 'loss_month', value: '100000' },
        ],
      },
    }),
  );
}

/** Tests: a player registered by username alone, as the generic licence allows: no CPF, no date of birth. */
export async function playerWithoutCpf(app: App): Promise<{ username: string; token: string; memberId: string }> {
  const { username, result } = await registerUser(app);
  return { username, token: result.token, memberId: await memberIdOf(app, result.token) };
}

/**
 * Tests: confirm a contact as BR asks of an account registered by username (licence.ts:
 * contactConfirmation), through the security centre's e-mail link: the code mailed to a new address
 * (read from the dev outbox), then entered. From an address of its own, so a suite's many players
 * stay under the per-IP sending limit.
 */
export async function confirmContactByEmail(app: App, player: { token: string; memberId: string }): Promise<string> {
  const email = `p${player.memberId}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const remoteAddress = `10.77.${crypto.randomInt(0, 250)}.${crypto.randomInt(1, 250)}`;
  const headers = { authorization: player.token };
  valueOf(
    await app.inject({
      method: 'POST',
      url: '/wps/verification/email/bind',
      headers,
      payload: { email },
      remoteAddress,
    }),
  );
  const code = /\b(\d{6})\b/.exec((await waitForEmail(app, email)).text)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}`);
  valueOf(
    await app.inject({
      method: 'POST',
      url: '/wps/member/email',
      headers,
      payload: { email, verificationCode: code },
      remoteAddress,
    }),
  );
  return email;
}

export type BrPlayer = { username: string; token: string; memberId: string; cpf: string; birthDate: string };

/**
 * Tests: a player made the way BR asks, in one place so a step BR adds is added once: registered
 * with a CPF (`cpf`, else a new valid one), a date of birth, an address and a gender (registerUser
 * adds them), the contact confirmed by an e-mail code (unless `confirmContact` is false), the limits
 * of setBrLimits set, and with `verified` the sandbox identity check passed (kyc.test-support.ts),
 * after which the licence's stake door lets the player bet. The licence itself is the caller's:
 * setLicence switches it.
 */
export async function brPlayer(
  app: App,
  options: { cpf?: string; birthDate?: string; verified?: boolean; confirmContact?: boolean } = {},
): Promise<BrPlayer> {
  const cpf = options.cpf ?? newCpf();
  const birthDate = options.birthDate ?? '1990-04-12';
  const { username, result } = await registerUser(app, { cpf, birthDate });
  const player: BrPlayer = {
    username,
    token: result.token,
    memberId: await memberIdOf(app, result.token),
    cpf,
    birthDate,
  };
  await setBrLimits(app, player);
  if (options.confirmContact !== false) await confirmContactByEmail(app, player);
  if (options.verified) await passIdentityCheck(app, player);
  return player;
}
