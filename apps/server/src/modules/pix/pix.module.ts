import type { AppContext } from '../../app-context';
import { loadPixDirectorySettings } from './pix-settings';
import { createSandboxPixDirectory } from './sandbox-pix-directory';

/** The PIX directory that names each key's and account's owner (the sandbox outside production). */
export function wirePix(ctx: AppContext) {
  const sandbox = loadPixDirectorySettings().isSandboxEnabled ? createSandboxPixDirectory({ db: ctx.db }) : null;
  return { sandbox, directory: sandbox?.provider ?? null };
}

export type PixModule = ReturnType<typeof wirePix>;
