import { parseEnv } from '../../config';

/** PIX directory configuration from the environment (README lists the variables). */
export type PixDirectorySettings = {
  /**
   * Whether the sandbox directory answers. Anyone may list a key under any CPF on its page, so it
   * is off with NODE_ENV=production unless ALLOW_SANDBOX_PIX_DIRECTORY=1 says otherwise; with no
   * directory, binding a PIX key (and, under BR, a bank account) refuses.
   */
  isSandboxEnabled: boolean;
};

export function loadPixDirectorySettings(source?: NodeJS.ProcessEnv): PixDirectorySettings {
  const env = parseEnv(source);
  return { isSandboxEnabled: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_PIX_DIRECTORY };
}
