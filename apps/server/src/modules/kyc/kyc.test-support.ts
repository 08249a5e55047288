import { expect } from 'vitest';
import type { KycStartResult } from '@wps/shared/schemas/kyc';
import type { App } from '../../app';
import { call, valueOf } from '../../../test/api-client';

/**
 * The sandbox identity check, passed, as a player does it (kyc.test.ts): opened, its three steps on
 * the sandbox's pages, then the tester's outcome. Under BR a player stakes only after it (the
 * licence's stake door, licence-checks.ts `identifiedAndVerified`), and the check is bound to the
 * registered CPF and date of birth: the player must have them (an account without is asked for them
 * first, IDENTITY_REQUIRED), and the sandbox's document (the player's own, its default) reads them
 * back (kyc-identity-binding.test.ts shows another's document refused).
 */
export async function passIdentityCheck(app: App, player: { token: string; memberId: string }): Promise<void> {
  const { url } = valueOf<KycStartResult>(
    await call(app, 'POST', '/wps/kyc/checks', { token: player.token, payload: { returnUrl: '/security-center' } }),
  );
  const form = (body: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  expect((await form({ step: 'document', documentName: 'Maria da Silva Santos', holder: 'own' })).statusCode).toBe(303);
  expect((await form({ step: 'selfie' })).statusCode).toBe(303);
  expect((await form({ step: 'liveness' })).statusCode).toBe(303);
  expect((await form({ step: 'outcome', outcome: 'passed' })).statusCode).toBe(303);
  expect(await app.services.kyc.service.isVerified(player.memberId)).toBe(true);
}
