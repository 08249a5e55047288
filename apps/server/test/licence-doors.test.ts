/**
 * The licence's inventory (docs/compliance.md, "The licence as one policy"): every entry point that
 * asks the licence, taken from the route table (each route's `config.licenceDoors`), with the
 * checks the port runs at each door, and every ledger kind placed at a door.
 *
 * How a door cannot be missed: the port refuses an ask at a door its route did not declare, and a
 * door no check is wired to (licence-policy.ts), so a new route that asks without an entry here
 * fails its own tests. The inventory below is the list the closing note and the compliance doc
 * give; a change to it is a change to what the licence guards, reviewed as such.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '@wps/shared/ledger-kinds';
import { LEDGER_KIND_DOORS, LICENCE_DOORS, type LicenceDoor } from '@wps/shared/licence';
import { registeredRoutes } from '../src/openapi/register';
import { NO_DOOR } from './licence-no-door';
import { createTestApp, type TestApp } from './test-app';

/** Each door, the routes that ask it, and the checks wired to it. */
const INVENTORY: Record<LicenceDoor, { routes: string[]; checks: string[] }> = {
  'account.create': {
    routes: [
      'POST /wps/agent/centre/register',
      'POST /wps/oidc/pending/register',
      'PUT /wps/member/register',
      'PUT /wps/member/register/mobile',
    ],
    checks: ['the account is identified where the licence identifies players (identity)'],
  },
  // Every way a player session opens: a password or SMS code (login), the new-device code (verify),
  // a login exchange code, an identity provider's sign-in (callback), free play, the reset by SMS
  // code that logs in, a refresh cookie's new session (a second tab, a reopened browser), and a
  // registration's first session (with the provider's). The door is asked
  // in the session's transaction (the session module's open guard), so a path missing here is refused.
  'session.open': {
    routes: [
      'GET /wps/oidc/callback',
      'POST /wps/member/password/verification',
      'POST /wps/oidc/pending/register',
      'POST /wps/session/login',
      'POST /wps/session/login/exchange',
      'POST /wps/session/login/freeplay',
      'POST /wps/session/login/verify',
      'POST /wps/session/refresh',
      'PUT /wps/member/register',
      'PUT /wps/member/register/mobile',
    ],
    checks: ['the CPF was found clear on the barred-persons list this operator day (barredList)'],
  },
  // Where a player starts moving money: a deposit order, a withdrawal request. The credit of an
  // order let through and a payout (approval, closure, barred refund) are not asked again
  // (docs/compliance.md, "Money in and out at the licence's doors").
  // The player's deposit order, and money an operator puts into an account by hand (a credit,
  // asked when it is requested and again when a second operator approves it).
  'money.in': {
    routes: [
      'POST /ops/adjustments/:id/approve',
      'POST /ops/players/:memberId/adjustments',
      'POST /wps/deposit/orders',
    ],
    checks: [
      'the account is identified where the licence identifies players (identity)',
      'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    ],
  },
  'money.out': {
    routes: ['POST /wps/withdraw/orders'],
    checks: [
      'the account is identified where the licence identifies players (identity)',
      'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    ],
  },
  'money.transfer': {
    routes: ['POST /wps/agent/centre/transfer', 'POST /wps/member/transfer/upline'],
    checks: [
      'transfers between players allowed (transfersBetweenPlayers)',
      'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    ],
  },
  // Every stake: a vendor's seamless bet, an in-house round, a lottery ticket, money sent to a
  // transfer-wallet vendor; the bettor's identity and check are asked at each. An in-house round
  // (play, a stepped start) asks where it is placed (inhouse-placement.ts) and a crash bet where it
  // is written, with the game, so a house original without a lab certificate is refused where the
  // licence asks for one; the steps and cash-out of a round already open ask nothing.
  stake: {
    routes: [
      'POST /lgw/tickets',
      'POST /vendor/:vassalage/bet',
      'POST /wps/inhouse/crash/bet',
      'POST /wps/inhouse/dice/roll',
      'POST /wps/inhouse/hilo/start',
      'POST /wps/inhouse/keno/play',
      'POST /wps/inhouse/limbo/play',
      'POST /wps/inhouse/mines/start',
      'POST /wps/inhouse/plinko/play',
      'POST /wps/inhouse/slot/spin',
      'POST /wps/relay/GCS_walletTransfer',
    ],
    checks: [
      'the product is one the licence allows (forbiddenProducts)',
      'a house original holds a lab certificate where the licence asks (certifiedGames)',
      'the bettor is identified and passed the identity check where the licence asks (identity, kyc)',
      'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    ],
  },
  'reward.pay': {
    routes: [
      'POST /ops/bonuses',
      'POST /ops/bonuses/requests/:id/approve',
      'POST /ops/promo/applications/:id/approve',
      'POST /ops/promo/applications/:id/approve-payment',
      'POST /ops/raffles/:id/draw',
      'POST /ops/rewards/grants/:id/release',
      'POST /ops/rewards/grants/:id/release/approve',
      'POST /wps/missions/claim',
      'POST /wps/promo/claim',
      'POST /wps/rebate/claim',
      'POST /wps/relay/passwordCheck/MCS2_convertPoint',
      'POST /wps/relay/passwordCheck/MCS2_redeemPointReward',
      'POST /wps/rewards/grants/:id/claim',
    ],
    checks: [
      'the account is identified where the licence identifies players (identity)',
      'the account confirmed an e-mail or a mobile number where the licence asks (contactConfirmation)',
    ],
  },
};

/**
 * Doors no entry point asks through the port yet: what each still relies on, until it is moved
 * here. The list only shrinks: a door asked by a route must leave it (the test below fails).
 */
const NOT_YET_ASKED: LicenceDoor[] = [];

describe('the licence inventory', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('places every ledger kind at a door or none, and every such door is one of the licence doors', () => {
    expect(Object.keys(LEDGER_KIND_DOORS).sort()).toEqual([...LEDGER_KINDS].sort());
    for (const door of Object.values(LEDGER_KIND_DOORS)) if (door !== null) expect(LICENCE_DOORS).toContain(door);
  });

  it('lists each door with the routes that ask it and the checks it runs, from the route table', () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD');
    const found = Object.fromEntries(
      LICENCE_DOORS.map((door) => [
        door,
        {
          routes: routes
            .filter((r) => r.licenceDoors.includes(door))
            .map((r) => `${r.method} ${r.url}`)
            .sort(),
          checks: t.app.services.licence.policy.doors().find((d) => d.door === door)?.checks ?? [],
        },
      ]),
    );
    expect(found).toEqual(INVENTORY);
    // A route declares only doors the licence has.
    for (const r of routes) for (const door of r.licenceDoors) expect(LICENCE_DOORS).toContain(door);
  });

  it('every door a route asks has checks wired; the doors not yet asked are the listed ones', () => {
    const wired = new Map(t.app.services.licence.policy.doors().map((d) => [d.door, d]));
    for (const door of LICENCE_DOORS) {
      if (INVENTORY[door].routes.length > 0) expect(wired.get(door)?.wired, door).toBe(true);
    }
    expect(LICENCE_DOORS.filter((door) => INVENTORY[door].routes.length === 0)).toEqual(NOT_YET_ASKED);
  });

  it('places every route that is not a GET at a door or, with its reason, at none: a new one fails until it is placed', () => {
    const atDoors = new Set(Object.values(INVENTORY).flatMap((d) => d.routes));
    const atNone = Object.values(NO_DOOR).flatMap((group) => group.routes);
    const all = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    const changing = [...all].filter(
      (r) => !r.startsWith('GET ') && !r.startsWith('HEAD ') && !r.startsWith('OPTIONS '),
    );
    // Unplaced: a route the census has not seen. Stale: a placed route that is gone.
    expect(changing.filter((r) => !atDoors.has(r) && !atNone.includes(r)).sort()).toEqual([]);
    expect(atNone.filter((r) => !all.has(r))).toEqual([]);
    // A route asks its doors or none, never both; and is placed once.
    expect(atNone.filter((r) => atDoors.has(r))).toEqual([]);
    expect(new Set(atNone).size).toBe(atNone.length);
  });
});
