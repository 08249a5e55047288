/** Demonstration content and the development doors: the reference vendor and identity provider started with the server, the test clock. Production refuses the doors. */
import { flag, oneOf, port } from '../fields';
import type { EnvVariable } from './variable';

export const DEMO_VARIABLES = {
  DEMO_CONTENT: {
    schema: oneOf(['auto', 'on', 'off']),
    default: 'auto',
    feeds: 'AppConfig.demoContent',
    description:
      "the demo operator's site content (banners, promotions, announcements, help articles, legal pages) written on the first server start of a new database, whichever command created it (`npm run ops`, `npm run migrate` or `npm start`): `auto` outside `NODE_ENV=production` only, `on` also there, `off` never",
  },
  DEMO_JURISDICTION: {
    schema: oneOf(['BR', 'permissive']),
    default: 'BR',
    feeds: 'AppConfig.demoJurisdiction',
    description:
      'the licence profile the demo operator is installed under, on the first server start of a new database (a licence set first with `npm run ops licence:set` stands): `BR` (Brazil: no bonus content, CPF and identity checks; demo players `demo1`, `demo2`) or `permissive` (the generic site, every rewards feature on when `DEMO_REWARDS` allows)',
  },
  DEMO_REWARDS: {
    schema: oneOf(['auto', 'on', 'off']),
    default: 'auto',
    feeds: 'AppConfig.demoRewards',
    description:
      "under `DEMO_JURISDICTION=permissive`, on the first server start of a new database: every rewards programme switched on with demo content (points mall, rebate, referral, missions, a raffle, bonus offers) and the demo operators `demoadmin` and `demofinance` (password `Demo2026backoffice`) who set it up, one asking and the other approving: `auto` outside `NODE_ENV=production` only, `on` also there, `off` never (the test suites' servers); BR seeds none of it",
  },
  VENDOR_SANDBOX_AUTOSTART: {
    schema: flag(),
    defaultText: '`1` with `NODE_ENV=development`, else `0`',
    feeds: 'AppConfig.vendorSandboxAutostart',
    description:
      '`1`/`true`: the server starts the reference game vendor (`apps/vendor-sandbox`) as a child process on a free local port with a fresh secret and connects `SBX` (seamless) and `SBT` (transfer) to it, so both wallet models can be played with no setup; skipped when `VENDOR_SANDBOX_URL` is set; `NODE_ENV=production` refuses to start with it',
  },
  OIDC_DEV_PROVIDER_AUTOSTART: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.oidcDevProvider',
    description:
      "`1`/`true`: the server starts the local identity provider (`apps/idp-sandbox`, on oidc-provider, with test users) as a child process with a fresh client secret and keeps the back office's provider `Local IdP` pointed at it (its enabled switch stays the operator's), so sign-in with an identity provider can be tried with no setup; `NODE_ENV=production` refuses to start with it unless `ALLOW_OIDC_DEV_PROVIDER=1`",
  },
  OIDC_DEV_PROVIDER_PORT: {
    schema: port(),
    default: '0',
    feeds: 'AppConfig.oidcDevProvider',
    description:
      'port of the local identity provider `OIDC_DEV_PROVIDER_AUTOSTART` starts, on 127.0.0.1 (`0`: any free port)',
  },
  ALLOW_OIDC_DEV_PROVIDER: {
    schema: flag(),
    default: '0',
    feeds: 'productionRefusals',
    description:
      '`1`/`true` lets `OIDC_DEV_PROVIDER_AUTOSTART` run with `NODE_ENV=production` (anyone can sign in there as any test user: a demonstration only)',
  },
  TEST_CLOCK_DOOR: {
    schema: flag(),
    default: '0',
    feeds: 'AppConfig.testClockDoor',
    description:
      "`1`/`true`, for browser tests only: `PUT /dev/clock` `{ offsetMs }` runs the calendar clock (the rebate's and missions' periods, the withdrawal day) that far ahead, so a test sees a day end without waiting; `NODE_ENV=production` refuses to start with it",
  },
} as const satisfies Record<string, EnvVariable>;
