/**
 * Politically exposed person (PEP) screening (Portaria SPA/MF 1.143/2024; docs/compliance.md,
 * "Anti-money laundering"), behind one interface so the sandbox (sandbox-pep.ts) and a real
 * adapter over a PEP list (the government's list of PEPs or a screening vendor) are
 * interchangeable. A provider answers for many CPFs at once, since the daily sweep asks about
 * the whole base.
 */
export type PepAnswer = { cpf: string; pep: false } | { cpf: string; pep: true; role: string };

export interface PepScreeningProvider {
  /** Shown in logs and in the back office. */
  readonly name: string;
  /** The most CPFs one call may carry; callers page by it. */
  readonly maxBatch: number;
  /**
   * Whether each CPF (11 digits) is a PEP, and as what: one answer per CPF asked, in any order. A
   * failure throws: no caller treats an unanswered CPF as clear.
   */
  screen(cpfs: readonly string[]): Promise<PepAnswer[]>;
}

/** What the provider said of one CPF: a PEP's role, or null when clear. */
export type PepFinding = { pep: boolean; role: string | null };

/** Ask about CPFs page by page; every CPF asked is answered or the call throws. */
export async function screenAll(
  provider: PepScreeningProvider,
  cpfs: readonly string[],
): Promise<Map<string, PepFinding>> {
  const found = new Map<string, PepFinding>();
  for (let at = 0; at < cpfs.length; at += provider.maxBatch) {
    const page = cpfs.slice(at, at + provider.maxBatch);
    const asked = new Set(page);
    for (const answer of await provider.screen(page)) {
      if (!asked.has(answer.cpf)) continue;
      found.set(answer.cpf, answer.pep ? { pep: true, role: answer.role } : { pep: false, role: null });
    }
    // An answer that leaves a CPF out is no answer: a missing CPF must not pass as clear.
    if (page.some((cpf) => !found.has(cpf)))
      throw new Error(`PEP screening provider ${provider.name} left CPFs unanswered`);
  }
  return found;
}
