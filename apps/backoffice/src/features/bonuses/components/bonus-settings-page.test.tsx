import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BonusSettings } from '@wps/shared/schemas/bonus';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { BonusSettingsPage } from './bonus-settings-page';

// A new bonus's default maximum stake is read by the shared money parser in the operator's
// language and sent as the major-unit decimal the API takes (failed before: the field took only a
// decimal point, and refused "30,50" and "1.500,00").

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: BonusSettings = {
  spendOrder: 'real_first',
  contributions: [{ category: 'RNG', percent: 100 }],
  defaultWageringMultiple: 10,
  defaultExpiryHours: 72,
  defaultMaxStake: '25.00',
  defaultMaxConversionMultiple: 5,
};

describe('BonusSettingsPage maximum stake', () => {
  it.each(TYPED_AMOUNTS)('sends $typed as $major', async ({ typed, major }) => {
    const api = stubOps({
      'GET /ops/bonus-settings': ok(SETTINGS),
      'PUT /ops/bonus-settings': ok(SETTINGS),
    });
    renderWithApp(<BonusSettingsPage />, { role: 'admin' });
    const user = setupUser();
    const field = await screen.findByLabelText('Aposta máxima por rodada');
    expect(field).toHaveValue('25,00');
    await fill(user, field, typed);
    await user.click(screen.getByRole('button', { name: 'Salvar configuração' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'nova aposta máxima');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar configuração' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/bonus-settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/bonus-settings')[0]?.body).toEqual({
      ...SETTINGS,
      defaultMaxStake: major,
      reason: 'nova aposta máxima',
    });
  });
});
