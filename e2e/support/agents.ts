import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { BACKOFFICE_OPERATORS } from './backoffice';
import { operatorLogin } from './operators';
import { saveScreenshot } from './screenshots';
import { callApi, openSignedIn, registerThroughApi, type Api } from './setup';

/**
 * Members and agents for the agent-centre suites, made through the APIs: players registered by
 * username, made agents and placed in the tree by an operator (agents.write), a top agent's
 * contract with the house set by the operator, and a signed-in browser for any of them.
 */
export type Member = { id: string; username: string; token: string };

export const MEMBER_PASSWORD = 'Agente2026contrato';

/** A player registered through the API (encrypted, as the site sends it; the registration captcha off), signed in. */
export async function registerMember(request: APIRequestContext, baseURL: string, prefix: string): Promise<Member> {
  const { username, token } = await registerThroughApi(request, baseURL, { prefix, password: MEMBER_PASSWORD });
  const info = await callApi<{ id: string | number }>({ request, baseURL, token }, 'GET', '/wps/member/info');
  return { id: String(info.id), username, token };
}

/** The operator makes a member an agent (type 1) and, when given, puts it under `upline`. */
export async function makeAgent(ops: Api, member: Member, upline?: Member): Promise<void> {
  await callApi(ops, 'PUT', `/ops/agents/${member.id}/type`, { type: 1, reason: 'agent agreement signed' });
  if (upline)
    await callApi(ops, 'POST', `/ops/agents/${member.id}/move`, {
      uplineId: upline.id,
      reason: 'recruited by this agent',
    });
}

/**
 * A top agent's daily-salary contract with the house: one tier at `rateBp` from the first turnover.
 * A new contract (or higher terms) waits for a second operator holding adjustments.approve: the
 * finance operator (the suite's server must create it) approves it.
 */
export async function setHouseContract(ops: Api, agent: Member, rateBp: number): Promise<void> {
  const result = await callApi<{ waiting: { id: string } | null }>(
    ops,
    'PUT',
    `/ops/agents/${agent.id}/contracts/daily_salary`,
    { tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }], reason: 'commercial agreement' },
  );
  if (!result.waiting) return;
  const { username, password } = BACKOFFICE_OPERATORS.finance;
  const finance = { ...ops, token: await operatorLogin(ops.request, ops.baseURL, username, password) };
  await callApi(finance, 'POST', `/ops/agents/contract-changes/${result.waiting.id}/approve`, {
    reason: 'terms checked',
  });
}

/**
 * A browser signed in as `member` (its session token in session storage, as a login leaves it), in
 * Portuguese, at `path` (the home by default): a test bound for one screen opens it there, sparing
 * the home's render on the way.
 */
export async function memberPage(
  browser: Browser,
  baseURL: string,
  member: Member,
  width: number,
  path = '/',
): Promise<Page> {
  return memberPageIn(await memberContext(browser, width), baseURL, member, path);
}

/** A browser context for a member's pages at this width (in a beforeAll hook, it outlives each test). */
export function memberContext(browser: Browser, width: number): Promise<BrowserContext> {
  return browser.newContext({ locale: 'pt-BR', viewport: { width, height: width === 360 ? 780 : 860 } });
}

/**
 * A page signed in as the member, in a context of the caller's. The token goes into this tab's
 * session storage as a login leaves it (openSignedIn), not into an init script of the context: a
 * script would put it back on every load of every page of the context, so the page could not sign
 * out, nor another member sign in on it, and a visitor's page opened beside it would be signed in.
 */
export async function memberPageIn(
  context: BrowserContext,
  baseURL: string,
  member: Member,
  path = '/',
): Promise<Page> {
  const page = await context.newPage();
  // Waits for the player's header controls, a download of their own (30 s on a busy machine).
  await openSignedIn(page, baseURL, member.token, path);
  return page;
}

/**
 * An agent-centre screen as it is, at the width its page is open at: axe-clean, neither the page
 * nor a dialog scrolling sideways, and a screenshot in `shotsDir`.
 */
export async function checkAgentCentreLook(page: Page, name: string, shotsDir: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await expectNoSeriousA11yViolations(page, `${name} ${width}`);
  const fits = await page.evaluate(() =>
    [document.documentElement, ...Array.from(document.querySelectorAll('.modal'))].every(
      (el) => el.scrollWidth <= el.clientWidth + 1,
    ),
  );
  expect(fits, `${name} ${width}: neither the page nor a dialog scrolls sideways`).toBe(true);
  await saveScreenshot(page, { path: path.join(shotsDir, `${name}-${width}.png`) });
}
