/**
 * Whether the operator's licence lets it pay the registration bonus (the licence module's
 * profile, handed over in services.ts). What the site shows may
 * use an answer up to `cacheMs` old, like the settings; what is paid and saved reads it fresh.
 */
export function createRegistrationBonusPolicy({ now, cacheMs }: { now: () => number; cacheMs: number }) {
  // Until the composition root wires the licence, asking fails rather than allowing (fail closed).
  let source: () => Promise<boolean> = async () => {
    throw new Error('the registration bonus was asked before services.ts wired the licence module');
  };
  let cached: { allowed: boolean; at: number } | undefined;

  async function allowedCached(): Promise<boolean> {
    if (cached && now() - cached.at < cacheMs) return cached.allowed;
    const allowed = await source();
    cached = { allowed, at: now() };
    return allowed;
  }

  return {
    setSource(next: () => Promise<boolean>): void {
      source = next;
      cached = undefined;
    },
    evict(): void {
      cached = undefined;
    },
    /** Whether the licence allows a registration bonus now (fresh). */
    isAllowed: (): Promise<boolean> => source(),
    /** The bonus a new account receives: the setting, or nothing where the licence forbids it. */
    async bonusOf(settingMinor: bigint, fresh = false): Promise<bigint> {
      if (settingMinor === 0n) return 0n;
      return (fresh ? await source() : await allowedCached()) ? settingMinor : 0n;
    },
  };
}
