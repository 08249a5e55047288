import { ENCRYPTED_PATHS } from '@wps/shared/constants';

/** The document's tags: who calls a route. Every operation gets exactly one, from its path. */
export const API_TAGS = [
  { name: 'member', description: 'Calls of the player site (`/wps/`): a member token, a trial token or none.' },
  {
    name: 'in-house games',
    description: 'Calls of the in-house game pages (`/wps/inhouse/`), with the vendor session of a launch token.',
  },
  { name: 'operator', description: 'Back-office calls (`/ops/`): an operator session with TOTP, by role.' },
  {
    name: 'vendor',
    description: 'Signed seamless-wallet callbacks from game vendors (`/vendor/`, docs/vendor-api.md).',
  },
  { name: 'lottery gateway', description: 'Lottery gateway calls (`/lgw/`, `/lotto/`).' },
  {
    name: 'payment gateway',
    description:
      'Payment gateway webhooks, the sandbox gateway pages and the sandbox PIX directory page (development only).',
  },
  {
    name: 'identity provider',
    description:
      "Identity-check (KYC) providers' result callbacks and the sandbox provider's pages (development only).",
  },
  { name: 'development', description: 'Development-only helpers (`/dev/`): never registered in production.' },
  { name: 'service', description: 'The service itself: this document, probes and metrics.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];

/** Most specific prefix first. */
const TAG_BY_PREFIX: ReadonlyArray<readonly [string, ApiTag]> = [
  ['/wps/inhouse/', 'in-house games'],
  ['/wps/deposit/webhook/', 'payment gateway'],
  ['/sandbox-gateway/', 'payment gateway'],
  ['/sandbox-pix/', 'payment gateway'],
  ['/wps/kyc/webhook/', 'identity provider'],
  ['/sandbox-kyc/', 'identity provider'],
  ['/wps/', 'member'],
  ['/ops/', 'operator'],
  ['/vendor/', 'vendor'],
  ['/lgw/', 'lottery gateway'],
  ['/lotto/', 'lottery gateway'],
  ['/dev/', 'development'],
  ['/openapi.json', 'service'],
  ['/healthz', 'service'],
  ['/readyz', 'service'],
  ['/metrics', 'service'],
];

/** The tag of a documented path, or undefined for a path no rule covers (the completeness test refuses those). */
export function tagOf(path: string): ApiTag | undefined {
  return TAG_BY_PREFIX.find(([prefix]) => path === prefix || path.startsWith(prefix))?.[1];
}

const ENCRYPTED = new Set<string>(ENCRYPTED_PATHS);

/** Whether the route's request body must be sealed (plugins/payload-encryption.ts reads the same list). */
export function isEncryptedPath(path: string): boolean {
  return ENCRYPTED.has(path);
}

export const ENCRYPTED_DESCRIPTION =
  'Encrypted call: the request body shown here is sent sealed, as `{ keyId, key, iv, data }` made with the key of ' +
  '`GET /wps/session/key/rsa` (docs/api.md "Payload encryption"). A plain JSON body is refused with ENCRYPTION_REQUIRED.';
