import { parseEnv } from '../../config';

/**
 * Whether the sandbox barred-persons provider may run. It bars only the CPFs an operator listed,
 * so in production it would let every barred person through: off with NODE_ENV=production unless
 * ALLOW_SANDBOX_BARRED_LIST=1 says otherwise (a deliberate demonstration), like the sandbox
 * payment gateway. With it off and no real provider, every check refuses (BARRED_LIST_UNAVAILABLE).
 */
export function loadBarredListSettings(source?: NodeJS.ProcessEnv): { isSandboxEnabled: boolean } {
  const env = parseEnv(source);
  return { isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_BARRED_LIST };
}
