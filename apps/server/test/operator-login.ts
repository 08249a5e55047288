import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { OperatorEnrolment, OperatorLoginAnswer, OperatorLoginResult } from '@wps/shared/schemas/operator';
import type { App } from '../src/app';
import type { OperatorRole } from '../src/modules/operator/operator.service';
import { valueOf } from './api-client';
import { nextTotpCode } from './totp-codes';

/** An operator the tests can log in: the TOTP secret is known once enrolled. */
export type TestOperator = {
  operatorId: string;
  username: string;
  password: string;
  role: OperatorRole;
  secret: string;
  token: string;
};

type Origin = { remoteAddress?: string };

/** POST /ops/session/login as given (no assertion). */
export function postOperatorLogin(
  app: App,
  body: { username: string; password: string; code?: string },
  origin: Origin = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/ops/session/login', payload: body, ...origin });
}

/** POST /ops/session/enrol as given (no assertion). */
export function postOperatorEnrol(
  app: App,
  body: { enrolmentToken: string; code: string },
  origin: Origin = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/ops/session/enrol', payload: body, ...origin });
}

/** First login of an operator without TOTP: take the enrolment, confirm it with a code; returns the session and secret. */
export async function enrolOperator(
  app: App,
  username: string,
  password: string,
  origin: Origin = {},
): Promise<{ login: OperatorLoginResult; secret: string }> {
  const answer = valueOf<OperatorLoginAnswer>(await postOperatorLogin(app, { username, password }, origin));
  if (answer.status !== 'enrolmentRequired') throw new Error(`${username} is already enrolled`);
  const enrolment: OperatorEnrolment = answer;
  const code = await nextTotpCode(enrolment.secret);
  const login = valueOf<OperatorLoginResult>(
    await postOperatorEnrol(app, { enrolmentToken: enrolment.enrolmentToken, code }, origin),
  );
  return { login, secret: enrolment.secret };
}

/** Log an enrolled operator in with a fresh code; returns the operator token. */
export async function loginOperator(
  app: App,
  op: Pick<TestOperator, 'username' | 'password' | 'secret'>,
  origin: Origin = {},
): Promise<string> {
  const code = await nextTotpCode(op.secret);
  return valueOf<OperatorLoginResult>(
    await postOperatorLogin(app, { username: op.username, password: op.password, code }, origin),
  ).token;
}

/** Create an operator through the service, enrol its TOTP and log it in through the API. */
export async function createTestOperator(
  app: App,
  role: OperatorRole,
  opts: { username?: string; password?: string } = {},
): Promise<TestOperator> {
  const username = opts.username ?? `op.${role}.${crypto.randomBytes(4).toString('hex')}`;
  const password = opts.password ?? 'operator-pass-0123';
  const created = await app.services.operators.createOperator({ username, role, password });
  const { login, secret } = await enrolOperator(app, created.username, password);
  return { operatorId: created.operatorId, username: created.username, password, role, secret, token: login.token };
}
