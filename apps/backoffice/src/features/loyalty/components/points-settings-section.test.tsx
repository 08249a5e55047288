import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsPointsSettings } from '@wps/shared/schemas/points';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { PointsSettingsSection } from './points-settings-section';

// The cash a conversion of points is worth is read by the shared money parser in the operator's
// language and sent as the major-unit decimal the API takes (failed before: the field took only a
// decimal point, and refused "30,50" and "1.500,00").

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: OpsPointsSettings = {
  earnRates: [{ category: 'RNG', rate: 1 }],
  conversionPoints: 100,
  conversionAmount: '1.00',
  minConversion: 100,
};

describe('PointsSettingsSection conversion', () => {
  it.each(TYPED_AMOUNTS)('sends $typed as $major', async ({ typed, major }) => {
    const api = stubOps({ 'GET /ops/points/settings': ok(SETTINGS), 'PUT /ops/points/settings': ok(SETTINGS) });
    renderWithApp(<PointsSettingsSection />, { role: 'admin' });
    const user = setupUser();
    const field = await screen.findByLabelText('Valem (dinheiro)');
    expect(field).toHaveValue('1,00');
    await fill(user, field, typed);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/points/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/points/settings')[0]?.body).toEqual({ ...SETTINGS, conversionAmount: major });
  });

  // An earning rate is not money, but a decimal comma is how Portuguese writes its fraction (failed
  // before: "2,5" was read as NaN and refused).
  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    ['3', 3],
  ])('sends an earning rate typed %s as %s', async (typed, rate) => {
    const api = stubOps({ 'GET /ops/points/settings': ok(SETTINGS), 'PUT /ops/points/settings': ok(SETTINGS) });
    renderWithApp(<PointsSettingsSection />, { role: 'admin' });
    const user = setupUser();
    await fill(user, await screen.findByLabelText('Slots'), typed);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/points/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/points/settings')[0]?.body).toMatchObject({ earnRates: [{ category: 'RNG', rate }] });
  });
});
