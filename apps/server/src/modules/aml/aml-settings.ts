import { parseEnv } from '../../config';

/**
 * Whether the sandbox AML providers may run: the sandbox PEP list (only the CPFs a tester listed
 * are PEPs) and the sandbox COAF sender (it files nothing). In production they would pass every
 * PEP as clear and file no report, so they are off with NODE_ENV=production unless
 * ALLOW_SANDBOX_AML=1 says otherwise (a deliberate demonstration), like the other sandboxes. With
 * them off and no real provider, sign-ups are left unscreened (never blocked; the sweep refuses and
 * is tried again) and approving a filing answers AML_REPORT_UNAVAILABLE.
 */
export function loadAmlSettings(source?: NodeJS.ProcessEnv): { isSandboxEnabled: boolean } {
  const env = parseEnv(source);
  return { isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_AML };
}
