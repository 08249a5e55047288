import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KycStatus } from '@wps/shared/schemas/kyc';
import { i18n } from '../../../lib/i18n';
import { ok, renderWithProviders, stubApi } from '../../../lib/test-render';
import { IdentityCheck } from './identity-check';

// The identity check's card: why the last check failed, in the player's words. A check the site
// failed because the document is not the registered CPF and date of birth's (docs/compliance.md,
// "KYC") carries a stable reason the card translates; a provider's own reason is shown as written.

const FAILED: KycStatus = {
  level: 'failed',
  required: true,
  fullName: null,
  reason: 'identity_mismatch',
  continueUrl: null,
  decidedAt: '2026-11-24T12:00:00.000Z',
  depositCap: null,
  reverification: null,
};

async function renderCard(status: KycStatus) {
  stubApi({ 'GET /wps/kyc/status': ok(status) });
  return renderWithProviders(<IdentityCheck />);
}

describe('IdentityCheck', () => {
  it('says in PT that the document is not the registered one, and offers to try again', async () => {
    await renderCard(FAILED);
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent(
      'O documento não corresponde a esta conta: o CPF ou a data de nascimento não são os que você cadastrou. Tente de novo com o seu próprio documento.',
    );
    expect(screen.getByTestId('kyc-level')).toHaveTextContent('A verificação não foi aprovada');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    expect(screen.queryByText(/identity_mismatch/)).not.toBeInTheDocument();
  });

  it('says in EN that no CPF or date of birth could be confirmed', async () => {
    await renderCard({ ...FAILED, reason: 'identity_missing' });
    await screen.findByTestId('kyc-reason');
    await act(() => i18n.changeLanguage('en'));
    try {
      await waitFor(() =>
        expect(screen.getByTestId('kyc-reason')).toHaveTextContent(
          'We could not confirm your CPF and date of birth on the document. Try again with a document that shows them.',
        ),
      );
    } finally {
      await act(() => i18n.changeLanguage('pt'));
    }
  });

  it("shows a provider's own reason as it wrote it", async () => {
    await renderCard({ ...FAILED, reason: 'The document and the selfie do not match (sandbox)' });
    expect(await screen.findByTestId('kyc-reason')).toHaveTextContent(
      'Motivo: The document and the selfie do not match (sandbox)',
    );
  });
});
