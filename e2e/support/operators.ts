import { expect, type APIRequestContext } from '@playwright/test';
import { nextTotpCode } from '../../apps/server/test/totp-codes';
import { runOps } from './servers';

/**
 * Operator sign-in for the browser suites. Operators log in with a password and a TOTP code;
 * the first login enrols, and this keeps the secret it was shown, per server and
 * operator, to compute later codes as an authenticator app would.
 */
const secrets = new Map<string, string>();

type Envelope<T> = { success: boolean; value: T; errorCode?: string };
type LoginAnswer =
  | { status: 'signedIn'; token: string }
  | { status: 'enrolmentRequired'; enrolmentToken: string; secret: string };

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `POST ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/** Remember a secret enrolled elsewhere (e.g. through the back office page). */
export function rememberTotpSecret(baseURL: string, username: string, secret: string): void {
  secrets.set(`${baseURL}|${username}`, secret);
}

/**
 * Sessions this worker already holds, per server and operator. The server takes each TOTP time-step
 * once per operator (a replayed code is refused), so a third sign-in within one 30-second period
 * has to wait for the next one: measured, those waits were two thirds of some back-office tests.
 * A session still valid is used again instead, as an operator keeps one open tab.
 */
const sessions = new Map<string, string>();

/** Whether `token` is a live operator session (not signed out, expired or disabled). */
async function isSignedIn(request: APIRequestContext, baseURL: string, token: string): Promise<boolean> {
  const response = await request.get(`${baseURL}/ops/session/me`, { headers: { authorization: `Bearer ${token}` } });
  return response.ok();
}

/**
 * An operator token through the API: the session this worker holds when it is still valid, else a
 * new sign-in (enrolling TOTP on the first call).
 */
export async function operatorLogin(
  request: APIRequestContext,
  baseURL: string,
  username: string,
  password: string,
): Promise<string> {
  const key = `${baseURL}|${username}`;
  const held = sessions.get(key);
  if (held && (await isSignedIn(request, baseURL, held))) return held;
  const token = await signIn(request, baseURL, username, password);
  sessions.set(key, token);
  return token;
}

async function signIn(
  request: APIRequestContext,
  baseURL: string,
  username: string,
  password: string,
): Promise<string> {
  const key = `${baseURL}|${username}`;
  const secret = secrets.get(key);
  if (secret) {
    const answer = await post<LoginAnswer>(request, `${baseURL}/ops/session/login`, {
      username,
      password,
      code: await nextTotpCode(secret),
    });
    if (answer.status !== 'signedIn') throw new Error(`${username}: expected a session, got ${answer.status}`);
    return answer.token;
  }
  const answer = await post<LoginAnswer>(request, `${baseURL}/ops/session/login`, { username, password });
  if (answer.status !== 'enrolmentRequired')
    throw new Error(`${username} is enrolled but its secret is unknown to this worker`);
  secrets.set(key, answer.secret);
  const session = await post<{ token: string }>(request, `${baseURL}/ops/session/enrol`, {
    enrolmentToken: answer.enrolmentToken,
    code: await nextTotpCode(answer.secret),
  });
  return session.token;
}

/** Create an operator with the ops CLI before the server starts, as for the first back-office user. */
export function createOperatorWithCli(
  dataDir: string,
  username: string,
  role: 'finance' | 'support' | 'admin' | 'marketing',
  password: string,
): void {
  process.env.OPS_PASSWORD = password;
  try {
    runOps(dataDir, ['operator:create', username, role]);
  } finally {
    delete process.env.OPS_PASSWORD;
  }
}
