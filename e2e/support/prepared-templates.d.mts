// Types of e2e/support/prepared-templates.mjs, for the browser suites' TypeScript helpers.
type Role = 'admin' | 'finance' | 'support' | 'marketing';
/** One ops command, with the OPS_PASSWORD it is given (operator:create reads it), if any. */
export type OpsStep = { args: string[]; password?: string };
export const BACKOFFICE_OPERATORS: Readonly<Record<Role, { username: string; password: string }>>;
export function operatorStep(role: Role): OpsStep;
export const NO_CAPTCHA_STEP: OpsStep;
export const PREPARED_TEMPLATES: readonly { name: string; steps: readonly OpsStep[] }[];
export function preparedTemplateFor(steps: readonly OpsStep[]): { name: string; rest: OpsStep[] } | undefined;
