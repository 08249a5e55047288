/** Read only by `npm run ops` commands, never by the server. */
import { secret, text } from '../fields';
import type { EnvVariable } from './variable';

export const OPS_CLI_VARIABLES = {
  VENDOR_SECRET: {
    schema: secret(16, 200),
    feeds: 'ops CLI vendor:adapter',
    description:
      'only for `npm run ops -- vendor:adapter`: the shared secret of the vendor being connected (16–200 characters; never on the command line)',
    secret: true,
  },
  OPS_PASSWORD: {
    schema: text(),
    defaultText: 'generated',
    feeds: 'ops CLI operator:create',
    description:
      "only for `npm run ops -- operator:create`: the new operator's password; unset, a strong one is generated and printed once",
    secret: true,
  },
} as const satisfies Record<string, EnvVariable>;
