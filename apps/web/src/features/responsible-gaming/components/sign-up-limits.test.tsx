import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RG_LIMIT_KINDS, type RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { ok, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { SignUpLimitsPage } from './sign-up-limits';

// The sign-up's limits step under a licence that asks for them: a deposit, a loss and a daily
// time limit, each required, sent as ordinary limits (failed before: the step had no loss limit,
// and saved without one).

const STATUS: RgStatus = {
  currency: 'BRL',
  scale: 2,
  limits: RG_LIMIT_KINDS.map((kind) => ({ kind, value: null, pending: null })),
  realityCheckMinutes: 60,
  realityCheckRequired: true,
  limitsRequired: true,
  mustSetLimits: true,
};

describe('SignUpLimitsPage', () => {
  it('asks for a loss limit beside the deposit and time limits, and sends all three', async () => {
    const api = stubApi({
      'GET /wps/responsible-gaming': ok(STATUS),
      'PUT /wps/responsible-gaming/limits': ok({ ...STATUS, mustSetLimits: false }),
    });
    const { user } = await renderWithProviders(<SignUpLimitsPage next="/welcome/identity" />);
    await screen.findByRole('heading', { name: 'Seus limites' });
    await user.type(screen.getByRole('textbox', { name: /Limite de depósito/ }), '500');
    await user.type(screen.getByRole('textbox', { name: /Tempo por dia/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    // Without the loss limit the step does not save.
    expect(await screen.findByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/responsible-gaming/limits')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Período do limite de perdas' }), 'week');
    await user.type(screen.getByRole('textbox', { name: /Limite de perdas/ }), '250,50');
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await expect.poll(() => api.callsTo('PUT /wps/responsible-gaming/limits')).toHaveLength(1);
    const sent = api.callsTo('PUT /wps/responsible-gaming/limits').map((c: ApiCall) => c.body);
    expect(sent).toEqual([
      {
        limits: [
          { kind: 'deposit_month', value: '500.00' },
          { kind: 'loss_week', value: '250.50' },
          { kind: 'daily_time', value: '180' },
        ],
      },
    ]);
  });

  // Both money limits are read by the shared money parser as Portuguese writes amounts (failed
  // before: "1.500,00" was refused as not above zero, and "1500" went out as typed).
  it.each([
    ['30,50', '30.50'],
    ['1.500,00', '1500.00'],
    ['1500', '1500.00'],
    ['30.50', '30.50'],
  ])('sends "%s" typed in both money limits as %s', async (typed, sent) => {
    const api = stubApi({
      'GET /wps/responsible-gaming': ok(STATUS),
      'PUT /wps/responsible-gaming/limits': ok({ ...STATUS, mustSetLimits: false }),
    });
    const { user } = await renderWithProviders(<SignUpLimitsPage next="/welcome/identity" />);
    await screen.findByRole('heading', { name: 'Seus limites' });
    await user.type(screen.getByRole('textbox', { name: /Limite de depósito/ }), typed);
    await user.type(screen.getByRole('textbox', { name: /Limite de perdas/ }), typed);
    await user.type(screen.getByRole('textbox', { name: /Tempo por dia/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await expect.poll(() => api.callsTo('PUT /wps/responsible-gaming/limits')).toHaveLength(1);
    expect(api.callsTo('PUT /wps/responsible-gaming/limits')[0]?.body).toEqual({
      limits: [
        { kind: 'deposit_month', value: sent },
        { kind: 'loss_month', value: sent },
        { kind: 'daily_time', value: '180' },
      ],
    });
  });

  it('says how to write an amount it cannot read, and that zero is no limit', async () => {
    const api = stubApi({ 'GET /wps/responsible-gaming': ok(STATUS) });
    const { user } = await renderWithProviders(<SignUpLimitsPage next="/welcome/identity" />);
    await screen.findByRole('heading', { name: 'Seus limites' });
    await user.type(screen.getByRole('textbox', { name: /Limite de depósito/ }), '10,555');
    await user.type(screen.getByRole('textbox', { name: /Limite de perdas/ }), '0');
    await user.type(screen.getByRole('textbox', { name: /Tempo por dia/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(
      await screen.findByText('Informe um valor como 1.500,00, com no máximo 2 casas decimais.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Informe um valor maior que zero.')).toBeInTheDocument();
    expect(api.callsTo('PUT /wps/responsible-gaming/limits')).toHaveLength(0);
  });
});
