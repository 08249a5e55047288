import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReferralSettings } from '@wps/shared/schemas/referral';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { ReferralSettingsForm } from './referral-settings-form';

// Refer and earn's three amounts are read by the shared money parser in the operator's language
// and sent in minor units (failed before: "1.500,00" was refused, the form reading only one mark).

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: ReferralSettings = {
  enabled: true,
  minFirstDepositMinor: '5000',
  minTurnoverMinor: '10000',
  withinDays: 30,
  rewardMinor: '2000',
};

const LABELS = ['Primeiro depósito mínimo (BRL)', 'Apostas mínimas (BRL)', 'Recompensa de quem indica (BRL)'];

describe('ReferralSettingsForm amounts', () => {
  it.each(TYPED_AMOUNTS)('sends $typed typed in each amount as $minor minor units', async ({ typed, minor }) => {
    const api = stubOps({
      'GET /ops/referral/settings': ok(SETTINGS),
      'PUT /ops/referral/settings': ok(SETTINGS),
    });
    renderWithApp(<ReferralSettingsForm />, { role: 'admin' });
    const user = setupUser();
    expect(await screen.findByLabelText(LABELS[0]!)).toHaveValue('50,00');
    for (const label of LABELS) await fill(user, screen.getByLabelText(label), typed);
    await fill(user, screen.getByLabelText('Motivo da alteração'), 'novos valores');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/referral/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/referral/settings')[0]?.body).toEqual({
      enabled: true,
      minFirstDepositMinor: minor,
      minTurnoverMinor: minor,
      withinDays: 30,
      rewardMinor: minor,
      reason: 'novos valores',
    });
    // After the save the fields keep what was typed.
    await waitFor(() => expect(screen.getByLabelText('Motivo da alteração')).toHaveValue(''));
    expect(screen.getByLabelText(LABELS[2]!)).toHaveValue(typed);
  });
});
