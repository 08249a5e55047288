// Set-ups nearly every server of the browser suite asks of the ops console before it starts, done
// once per run in templates of their own (scripts/e2e.mjs) instead of in an ops process per server:
// that process loads the whole server and opens the database, about two CPU-seconds and several
// seconds of a worker's time on a busy machine, for what is the same few rows in every suite.
//
// A server copies the prepared template whose steps its own `configure` asked for (servers.ts
// startServer) and runs only the steps left over; one that asked for none of them, or for a step
// the template would contradict, copies the plain migrated template as before. The back-office
// operators of a template stand ready whether or not a suite signs in as each: an operator nobody
// signs in as changes no screen a suite looks at (their creation is audited as the console's, not
// as any operator's).

/** One operator per back-office role, as e2e/support/backoffice.ts signs them in. */
export const BACKOFFICE_OPERATORS = {
  admin: { username: 'bo.admin', password: 'bo-admin-e2e-pass-2026' },
  finance: { username: 'bo.finance', password: 'bo-finance-e2e-pass-2026' },
  support: { username: 'bo.support', password: 'bo-support-e2e-pass-2026' },
  marketing: { username: 'bo.marketing', password: 'bo-marketing-e2e-pass-2026' },
};

/** The ops step that makes the operator of `role` (its password is the OPS_PASSWORD operator:create reads). */
export function operatorStep(role) {
  const { username, password } = BACKOFFICE_OPERATORS[role];
  return { args: ['operator:create', username, role], password };
}

/** Registration without the image captcha (a browser test cannot read it). */
export const NO_CAPTCHA_STEP = { args: ['config:patch', 'register', JSON.stringify({ showCaptcha: false })] };

const OPERATOR_STEPS = ['admin', 'finance', 'support', 'marketing'].map(operatorStep);

/**
 * The prepared templates, each a name (a suffix of the plain template's) and its steps in order.
 * Only `operator:create` steps may stand in a template unasked (preparedTemplateFor).
 */
export const PREPARED_TEMPLATES = [
  { name: 'bo', steps: OPERATOR_STEPS },
  { name: 'bo-nocaptcha', steps: [...OPERATOR_STEPS, NO_CAPTCHA_STEP] },
];

const sameStep = (a, b) => JSON.stringify(a.args) === JSON.stringify(b.args) && a.password === b.password;

/**
 * The prepared template a server whose `configure` queued `steps` copies, and the steps left to
 * run on the copy, in their order; undefined for the plain template. A template qualifies when
 * every step it has that the server did not ask for makes an operator, and no step left over makes
 * an operator of the same name (it would fail, and the suite wants its own). The one that takes
 * the most steps off wins.
 */
export function preparedTemplateFor(steps) {
  let best;
  for (const template of PREPARED_TEMPLATES) {
    const unasked = template.steps.filter((t) => !steps.some((s) => sameStep(s, t)));
    if (unasked.some((t) => t.args[0] !== 'operator:create')) continue;
    const rest = steps.filter((s) => !template.steps.some((t) => sameStep(s, t)));
    if (rest.length === steps.length) continue;
    const names = new Set(template.steps.filter((t) => t.args[0] === 'operator:create').map((t) => t.args[1]));
    if (rest.some((s) => s.args[0] === 'operator:create' && names.has(s.args[1]))) continue;
    if (!best || rest.length < best.rest.length) best = { name: template.name, rest };
  }
  return best;
}
