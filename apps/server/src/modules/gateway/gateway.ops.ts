import {
  normaliseVendorUrl,
  vendorSecretSchema,
  VENDOR_TIMEOUT_MAX_MS,
  VENDOR_TIMEOUT_MIN_MS,
} from '@wps/shared/schemas/vendor-adapters';
import { parseEnv } from '../../config';
import type { OpsCommand } from '../../scripts/ops-command';
import { cliActor, opsServicesOf } from '../../scripts/ops-command';

const SET_USAGE =
  'vendor:adapter <vassalage> seamless|transfer <launchUrl> [apiUrl] [timeoutMs]   (secret from VENDOR_SECRET)';

/** The same URL rule as the back office's form (packages/shared/src/schemas/vendor-adapters.ts). */
function httpUrl(value: string | undefined, what: string): string {
  const url = normaliseVendorUrl(value ?? '');
  if (url === null) throw new Error(`${what} must be an http(s) URL without credentials: usage ${SET_USAGE}`);
  return url;
}

/** `npm run ops` commands over the gateway service: connect vendors, resolve pending transfers. */
export const GATEWAY_COMMANDS: Record<string, OpsCommand> = {
  'vendor:adapters': {
    usage: 'vendor:adapters',
    description: 'List the vendors the gateway can reach (wallet model, URLs, timeout; secrets as fingerprints).',
    async run(ctx) {
      ctx.print(await opsServicesOf(ctx).gateway.listAdapters());
    },
  },
  'vendor:adapter': {
    usage: SET_USAGE,
    description:
      'Connect a catalogue vendor (or change its connection). The shared secret is read from VENDOR_SECRET, never from the command line. Audited.',
    async run(ctx, [vassalage, model, launchUrl, apiUrl, timeout]) {
      if (!vassalage || (model !== 'seamless' && model !== 'transfer'))
        throw new Error(`not a valid call: usage ${SET_USAGE}`);
      const secret = parseEnv().VENDOR_SECRET ?? '';
      if (!vendorSecretSchema.safeParse(secret).success)
        throw new Error('set VENDOR_SECRET to the shared secret (16–200 printable characters, no space at either end)');
      if (model === 'transfer' && !apiUrl) throw new Error(`a transfer vendor needs its apiUrl: usage ${SET_USAGE}`);
      const requestTimeoutMs = timeout === undefined ? 5000 : Number(timeout);
      if (
        !Number.isInteger(requestTimeoutMs) ||
        requestTimeoutMs < VENDOR_TIMEOUT_MIN_MS ||
        requestTimeoutMs > VENDOR_TIMEOUT_MAX_MS
      ) {
        throw new Error(`timeoutMs: ${VENDOR_TIMEOUT_MIN_MS} to ${VENDOR_TIMEOUT_MAX_MS}`);
      }
      ctx.print(
        await opsServicesOf(ctx).gateway.setAdapter(
          cliActor(),
          {
            vassalage,
            walletModel: model,
            launchUrl: httpUrl(launchUrl, 'launchUrl'),
            apiUrl: apiUrl && apiUrl !== '-' ? httpUrl(apiUrl, 'apiUrl') : null,
            secret,
            requestTimeoutMs,
          },
          'ops-cli vendor:adapter',
        ),
      );
    },
  },
  'transfer:check': {
    usage: 'transfer:check',
    description:
      'Ask the vendors about every transfer left pending (the job does this every 15 s) and print how many were resolved.',
    async run(ctx) {
      ctx.print({ resolved: await opsServicesOf(ctx).gateway.transfers.runStatusChecks() });
    },
  },
};
