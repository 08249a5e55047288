import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsKycCheck } from '@wps/shared/schemas/kyc';
import { ok, renderWithApp, stubOps } from '../../../lib/test-render';
import { KycChecksPage } from './kyc-checks-page';

// The identity checks' list: a check the platform failed because the document is not the
// registered identity shows why in the operator's words, not its code; an operator's own reason
// is shown as typed, and a pass the licence does not count (never compared with the CPF) says so
// (failed before: the cell read "identity_mismatch", and the old pass showed nothing).

const check = (over: Partial<OpsKycCheck>): OpsKycCheck => ({
  id: '7',
  memberId: '9',
  account: 'ana',
  provider: 'sandbox',
  purpose: 'onboarding',
  status: 'failed',
  fullName: 'Ana Souza',
  reason: 'identity_mismatch',
  decidedBy: 'provider',
  decidedAt: '2026-11-27T12:00:00Z',
  createdAt: '2026-11-27T11:59:00Z',
  notBoundToCpf: false,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('KycChecksPage', () => {
  it("names the identity binding's reasons in words and keeps an operator's own", async () => {
    stubOps({
      'GET /ops/kyc/checks': ok({
        list: [
          check({}),
          check({ id: '6', reason: 'identity_missing' }),
          check({ id: '5', reason: 'blurred photo', decidedBy: 'operator' }),
          check({ id: '4', status: 'passed', reason: null, notBoundToCpf: true }),
        ],
        total: 4,
        page: 1,
        pageSize: 20,
      }),
    });
    renderWithApp(<KycChecksPage />, { role: 'support', route: '/kyc?status=all' });
    expect(
      await screen.findByText('O CPF ou a data de nascimento do documento não são os cadastrados na conta'),
    ).toBeTruthy();
    expect(screen.getByText(/O documento não trouxe CPF ou data de nascimento/)).toBeTruthy();
    expect(screen.getByText('blurred photo')).toBeTruthy();
    expect(screen.getByText(/Aprovada antes de a licença identificar jogadores/)).toBeTruthy();
    expect(screen.queryByText(/identity_(mismatch|missing)/)).toBeNull();
  });
});
