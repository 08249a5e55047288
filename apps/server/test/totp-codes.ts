import { generate } from 'otplib';

/**
 * TOTP codes for tests (API, crash and browser suites), as an authenticator app computes them.
 * The server accepts each time-step once per operator and one step of drift, so this remembers
 * the last step it used per secret: the next code is the current step's, else the following
 * step's, else it waits for the next period. Framework-free so e2e/support can use it too.
 */
const PERIOD_SECONDS = 30;
const lastStepOf = new Map<string, number>();

/** The code of one time-step. */
export function totpCodeAt(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

/** The current time-step. */
export function currentTotpStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS);
}

/** A valid code this secret has not used yet (waits up to one period when two were used just now). */
export async function nextTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = currentTotpStep(now);
    const step = Math.max(current, (lastStepOf.get(secret) ?? Number.NEGATIVE_INFINITY) + 1);
    if (step <= current + 1) {
      lastStepOf.set(secret, step);
      return totpCodeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * PERIOD_SECONDS * 1000 - now + 50));
  }
}

/** A well-formed code that is wrong for this secret now (none of the steps the server accepts). */
export async function wrongTotpCode(secret: string): Promise<string> {
  const current = currentTotpStep();
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => totpCodeAt(secret, current + d))));
  for (let n = 0; ; n++) {
    const code = String((123_456 + n * 7_919) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
