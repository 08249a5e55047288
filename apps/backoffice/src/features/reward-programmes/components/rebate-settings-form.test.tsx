import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RebateSettings, RebateSettingChange, RebateSettingsView } from '@wps/shared/schemas/rebate';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { RebateSettingsForm } from './rebate-settings-form';

afterEach(() => vi.unstubAllGlobals());

const off: RebateSettings = { enabled: false, period: 'daily', mode: 'claim', rates: {} };

const raise = (over: Partial<RebateSettingChange> = {}): RebateSettingChange => ({
  id: '5',
  raises: { enabled: true, rates: { RNG: 1000 } },
  before: off,
  reason: 'campanha de slots',
  status: 'pending',
  requestedBy: '7',
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  ...over,
});

const view = (pending: RebateSettingChange | null, settings: RebateSettings = off): RebateSettingsView => ({
  ...settings,
  pending,
});

describe('RebateSettingsForm: a raise waits for a second operator', () => {
  it('marketing switches it on: the form keeps the settings in force and the raise is listed as waiting, its own', async () => {
    const user = setupUser();
    let saved = false;
    const mine = raise({ requestedBy: '1' });
    const api = stubOps({
      'GET /ops/rebate/settings': () => ok(view(saved ? mine : null)),
      'PUT /ops/rebate/settings': () => {
        saved = true;
        return ok({ ...view(mine), waiting: mine });
      },
    });
    renderWithApp(<RebateSettingsForm />, { role: 'marketing' });
    await user.click(await screen.findByLabelText('O bônus de apostas está ativo'));
    await fill(user, screen.getByLabelText('Slots (%)'), '10');
    await fill(user, screen.getByLabelText('Motivo da alteração'), 'campanha de slots');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/rebate/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/rebate/settings')[0]?.body).toMatchObject({ enabled: true, rates: { RNG: 1000 } });
    const waiting = await screen.findByRole('region', { name: 'Mudança aguardando aprovação' });
    expect(waiting).toHaveTextContent('O bônus de apostas está ativo: não → sim');
    expect(waiting).toHaveTextContent(/Slots: 0,00\s?% → 10,00\s?%/);
    expect(waiting).toHaveTextContent('Sua solicitação: outro operador decide.');
    expect(within(waiting).queryByRole('button')).toBeNull();
    // Still off until approved: the form shows the settings in force.
    expect(screen.getByLabelText('O bônus de apostas está ativo')).not.toBeChecked();
  });

  it("finance approves another operator's raise with a reason; marketing is offered no decision", async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/rebate/settings': ok(view(raise())),
      'POST /ops/rebate/setting-changes/5/approve': ok(view(null, { ...off, enabled: true, rates: { RNG: 1000 } })),
    });
    const finance = renderWithApp(<RebateSettingsForm />, { role: 'finance' });
    const waiting = await screen.findByRole('region', { name: 'Mudança aguardando aprovação' });
    expect(waiting).toHaveTextContent('Pedida pelo operador #7: campanha de slots');
    await user.click(within(waiting).getByRole('button', { name: 'Aprovar' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar esta mudança do bônus de apostas?' });
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo/ }), 'orçamento aprovado');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/rebate/setting-changes/5/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/rebate/setting-changes/5/approve')[0]?.body).toEqual({
      reason: 'orçamento aprovado',
    });
    finance.unmount();

    stubOps({ 'GET /ops/rebate/settings': ok(view(raise())) });
    renderWithApp(<RebateSettingsForm />, { role: 'marketing' });
    const seen = await screen.findByRole('region', { name: 'Mudança aguardando aprovação' });
    expect(within(seen).queryByRole('button')).toBeNull();
    expect(seen).toHaveTextContent('Um operador com permissão de aprovar créditos decide.');
  });
});
