import type { BarredReason } from '@wps/shared/schemas/identity';

/**
 * The regulator's barred-persons system (Law 14.790/2023 art. 26; SPA/MF's SIGAP), behind one
 * interface so the sandbox (sandbox-barred-list.ts) and a real adapter are interchangeable
 * (docs/compliance.md, "Barred persons"). A provider answers for many CPFs at once, since the
 * 15-day sweep asks for the whole base.
 */
export type BarredAnswer = { cpf: string; barred: false } | { cpf: string; barred: true; reason: BarredReason };

export interface BarredListProvider {
  /** Shown in logs and in the back office. */
  readonly name: string;
  /** The most CPFs one call may carry; callers page by it. */
  readonly maxBatch: number;
  /**
   * Whether each CPF (11 digits) is barred, and why: one answer per CPF asked, in any order. A
   * failure (the system down, a timeout) throws: no caller treats an unanswered CPF as clear.
   */
  check(cpfs: readonly string[]): Promise<BarredAnswer[]>;
}

/** The barred answers of a check, by CPF. */
export async function barredOf(
  provider: BarredListProvider,
  cpfs: readonly string[],
): Promise<Map<string, BarredReason>> {
  const barred = new Map<string, BarredReason>();
  for (let at = 0; at < cpfs.length; at += provider.maxBatch) {
    const page = cpfs.slice(at, at + provider.maxBatch);
    const answers = await provider.check(page);
    const asked = new Set(page);
    for (const answer of answers) if (answer.barred && asked.has(answer.cpf)) barred.set(answer.cpf, answer.reason);
    // An answer that leaves a CPF out is no answer: a missing CPF must not pass as clear.
    const answered = new Set(answers.map((a) => a.cpf));
    if (page.some((cpf) => !answered.has(cpf)))
      throw new Error(`barred-list provider ${provider.name} left CPFs unanswered`);
  }
  return barred;
}
