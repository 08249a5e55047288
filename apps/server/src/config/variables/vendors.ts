/** Game vendors: the reference vendor, win caps and the origins of vendors' game pages. */
import { bigWholeNumber, flag, httpUrl, originList, secret } from '../fields';
import type { EnvVariable } from './variable';

export const VENDORS_VARIABLES = {
  VENDOR_SANDBOX_URL: {
    schema: httpUrl(),
    feeds: 'loadGatewaySettings().sandbox, AppConfig.frameOrigins',
    description:
      'base URL of the reference game vendor (`apps/vendor-sandbox`, e.g. `http://127.0.0.1:8257`); with `VENDOR_SANDBOX_SECRET` the demo vendors `SBX` (seamless) and `SBT` (transfer) connect to it (docs/vendor-api.md)',
  },
  VENDOR_SANDBOX_SECRET: {
    schema: secret(16),
    feeds: 'loadGatewaySettings().sandbox',
    description: 'the HMAC secret the reference game vendor shares (16+ characters)',
    secret: true,
  },
  ALLOW_SANDBOX_VENDOR: {
    schema: flag(),
    default: '0',
    feeds: 'loadGatewaySettings().isSandboxVendorAllowed',
    description:
      '`1`/`true` connects the reference game vendor (`SBX`, `SBT`) with `NODE_ENV=production`; without it the server starts with them unconnected and logs why (its control endpoints and game page are test doors)',
  },
  VENDOR_MAX_WIN_MULTIPLE: {
    schema: bigWholeNumber(),
    default: '10000',
    feeds: 'loadGatewaySettings().winLimits.multiple',
    description:
      "a single seamless win pays at most this many times its round's stake; a bigger one is refused `WIN_LIMIT_EXCEEDED` (stored); `0` turns this bound off",
  },
  VENDOR_MAX_WIN_MINOR: {
    schema: bigWholeNumber(),
    feeds: 'loadGatewaySettings().winLimits.maxMinor',
    description: 'an absolute cap on a single seamless win, in minor units; the smaller of the two caps applies',
  },
  VENDOR_FRAME_ORIGINS: {
    schema: originList(),
    feeds: 'AppConfig.frameOrigins',
    description: "space-separated origins of real vendors' game pages, allowed as `/game` iframe sources by the CSP",
  },
} as const satisfies Record<string, EnvVariable>;
