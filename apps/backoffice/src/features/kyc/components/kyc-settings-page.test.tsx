import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycSettings } from '@wps/shared/schemas/kyc';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { KycSettingsPage } from './kyc-settings-page';

// The unverified players' deposit cap is read by the shared money parser in the operator's
// language and sent as the major-unit decimal the API takes (failed before: the field took only
// a decimal point, and refused "30,50" and "1.500,00").

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: KycSettings = { unverifiedDepositCap: '500.00', currency: 'BRL', scale: 2, reverifyDays: 90 };
const CAP = /Depósitos antes da verificação, no total \(BRL\)/;

function renderPage() {
  const api = stubOps({
    'GET /ops/kyc/settings': ok(SETTINGS),
    'PUT /ops/kyc/settings': ({ body }) => ok({ ...SETTINGS, ...(body as object) }),
  });
  renderWithApp(<KycSettingsPage />, { role: 'admin' });
  return { api, user: setupUser() };
}

describe('KycSettingsPage deposit cap', () => {
  it('shows the stored cap as the operator types it', async () => {
    renderPage();
    expect(await screen.findByLabelText(CAP)).toHaveValue('500,00');
  });

  it.each(TYPED_AMOUNTS)('sends $typed as $major', async ({ typed, major }) => {
    const { api, user } = renderPage();
    await fill(user, await screen.findByLabelText(CAP), typed);
    await fill(user, screen.getByLabelText(/Motivo/), 'novo teto');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/kyc/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/kyc/settings')[0]?.body).toEqual({
      unverifiedDepositCap: major,
      reverifyDays: 90,
      reason: 'novo teto',
    });
  });

  it('says how many decimals an amount may have, and sends nothing', async () => {
    const { api, user } = renderPage();
    await fill(user, await screen.findByLabelText(CAP), '10,555');
    await fill(user, screen.getByLabelText(/Motivo/), 'novo teto');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um valor com no máximo 2 casas decimais.')).toBeInTheDocument();
    expect(api.callsTo('PUT /ops/kyc/settings')).toHaveLength(0);
  });
});
