import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import { brRegistrationDetails } from './identity-fixtures';
import { createIdentityService } from './identity.service';
import { loadBarredListSettings } from './identity-settings';

describe('the sandbox barred-persons list in production', () => {
  it('is off with NODE_ENV=production unless ALLOW_SANDBOX_BARRED_LIST says so, on elsewhere', () => {
    expect(loadBarredListSettings({ NODE_ENV: 'production' }).isSandboxEnabled).toBe(false);
    expect(loadBarredListSettings({ NODE_ENV: 'production', ALLOW_SANDBOX_BARRED_LIST: '1' }).isSandboxEnabled).toBe(
      true,
    );
    expect(loadBarredListSettings({ NODE_ENV: 'development' }).isSandboxEnabled).toBe(true);
  });

  it('without a provider, a BR registration is refused as unavailable, never let through', async () => {
    const unused = () => {
      throw new Error('not reached');
    };
    const identity = createIdentityService({
      db: {
        selectFrom: () => ({ select: () => ({ where: () => ({ executeTakeFirst: async () => undefined }) }) }),
      } as never,
      log: { info: () => {}, warn: () => {} },
      audit: { record: unused },
      jurisdiction: async () => 'BR',
      provider: null,
      endSessions: unused,
      clearIdentityRequired: unused,
      notify: unused,
      balance: unused,
      accountNames: unused,
      timeZone: async () => 'America/Sao_Paulo',
    });
    const registration = await identity.gate.registration({
      cpf: '529.982.247-25',
      birthDate: '1990-01-01',
      ...brRegistrationDetails(),
      contactConfirmed: false,
    });
    expect(registration?.failures).toEqual([]);
    const refusal = await registration!.admit().catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).errorCode).toBe(ErrorCode.BARRED_LIST_UNAVAILABLE);
  });
});
