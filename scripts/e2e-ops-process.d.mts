// Types of scripts/e2e-ops-process.mjs, for the browser suites' TypeScript helpers.
import type { OpsStep } from '../e2e/support/prepared-templates.mjs';
export function opsProcess(
  bundle: string,
  steps: readonly OpsStep[],
): { command: string; args: string[]; env: Record<string, string> };
export function opsEnv(steps: readonly OpsStep[]): Record<string, string>;
