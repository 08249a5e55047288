import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MONITORING_DEFAULTS, type MonitoringSettings } from '@wps/shared/schemas/monitoring';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { MonitoringSettingsPage } from './monitoring-settings-page';

// The monitoring thresholds in money are read by the shared money parser in the operator's
// language and sent in minor units.

afterEach(() => vi.unstubAllGlobals());

describe('MonitoringSettingsPage money thresholds', () => {
  it.each(TYPED_AMOUNTS)('sends $typed typed in each amount as $minor minor units', async ({ typed, minor }) => {
    const api = stubOps({
      'GET /ops/monitoring/settings': ok(MONITORING_DEFAULTS),
      'PUT /ops/monitoring/settings': ({ body }) => ok(body),
    });
    renderWithApp(<MonitoringSettingsPage />, { role: 'admin' });
    const user = setupUser();
    const deposits = await screen.findByLabelText(/…e de pelo menos \(BRL\)/);
    expect(deposits).toHaveValue('500,00');
    await fill(user, deposits, typed);
    await fill(user, screen.getByLabelText(/…com perda líquida de pelo menos \(BRL\)/), typed);
    await user.click(screen.getByRole('button', { name: 'Salvar limiares' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/monitoring/settings')).toHaveLength(1));
    const sent = api.callsTo('PUT /ops/monitoring/settings')[0]?.body as MonitoringSettings;
    expect(sent.depositsRising.minRecentMinor).toBe(minor);
    expect(sent.lossChasing.minNetLossMinor).toBe(minor);
  });
});
