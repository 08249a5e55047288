import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoneyLimitChange, MoneyLimitsView } from '@wps/shared/schemas/operator-money';
import { TYPED_AMOUNTS, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { MoneyPolicySection } from './money-policy-section';

afterEach(() => vi.unstubAllGlobals());

const limits = {
  perRequestMinor: '100000',
  playerDayMinor: '200000',
  operatorDayMinor: '500000',
  setupItemMinor: '100000',
  setupPeriodMinor: '1000000',
};

const raise = (over: Partial<MoneyLimitChange> = {}): MoneyLimitChange => ({
  id: '7',
  raises: { playerDayMinor: '300000' },
  before: limits,
  reason: 'more goodwill',
  status: 'pending',
  requestedBy: '2',
  requestedByName: 'bo.admin2',
  requestedAt: '2026-01-01T10:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  ...over,
});

const view = (pending: MoneyLimitChange[] = []): MoneyLimitsView => ({ limits, pending });

describe('MoneyPolicySection', () => {
  it('sends the thresholds typed in reais as minor units with the reason; the lowering holds, the raise is listed as waiting', async () => {
    const user = setupUser();
    const mine = raise({ requestedBy: '1' });
    const after = { limits: { ...limits, perRequestMinor: '50000' }, pending: [mine] };
    let saved = false;
    const api = stubOps({
      'GET /ops/operator-money/limits': () => ok(saved ? after : view()),
      'PUT /ops/operator-money/limits': () => {
        saved = true;
        return ok({ ...after, lowered: ['perRequestMinor'], waiting: mine });
      },
    });
    renderWithApp(<MoneyPolicySection scale={2} canWrite />, { role: 'admin' });
    const perRequest = await screen.findByLabelText('Valor de um pedido (BRL)');
    expect(perRequest).toHaveValue('1000,00');
    await fill(user, perRequest, '500,00');
    await fill(user, screen.getByLabelText('Créditos a um jogador em 24 horas (BRL)'), '3000');
    await fill(user, screen.getByLabelText(/Motivo da mudança/), 'nova política');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/operator-money/limits')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/operator-money/limits')[0]?.body).toEqual({
      perRequestMinor: '50000',
      playerDayMinor: '300000',
      operatorDayMinor: '500000',
      setupItemMinor: '100000',
      setupPeriodMinor: '1000000',
      reason: 'nova política',
    });
    // The lowering is in force (the form starts again from it); the raise is listed as waiting, for another operator.
    await waitFor(() => expect(screen.getByLabelText('Valor de um pedido (BRL)')).toHaveValue('500,00'));
    const waiting = screen.getByRole('listitem', { name: 'Aumento 7' });
    expect(waiting).toHaveTextContent('Sua solicitação: outro operador decide');
    expect(screen.getByLabelText('Créditos a um jogador em 24 horas (BRL)')).toHaveValue('2000,00');
  });

  it('refuses an amount it cannot read and a missing reason, sending nothing', async () => {
    const user = setupUser();
    const api = stubOps({ 'GET /ops/operator-money/limits': ok(view()) });
    renderWithApp(<MoneyPolicySection scale={2} canWrite />, { role: 'admin' });
    await fill(user, await screen.findByLabelText('Créditos de um operador em 24 horas (BRL)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    const field = screen.getByLabelText('Créditos de um operador em 24 horas (BRL)');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await fill(user, field, '6000');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(screen.getByLabelText(/Motivo da mudança/)).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('PUT /ops/operator-money/limits')).toHaveLength(0);
  });

  it('lets another operator approve a waiting raise, never the asker, and shows read-only fields without settings.write', async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/operator-money/limits': ok(view([raise(), raise({ id: '8', requestedBy: '1', reason: 'mine' })])),
      'POST /ops/operator-money/limit-changes/7/approve': ok(view()),
    });
    const admin = renderWithApp(<MoneyPolicySection scale={2} canWrite />, { role: 'admin' });
    const others = await screen.findByRole('listitem', { name: 'Aumento 7' });
    expect(others).toHaveTextContent(/Créditos a um jogador em 24 horas: R\$\s2\.000,00 → R\$\s3\.000,00/);
    const mine = screen.getByRole('listitem', { name: 'Aumento 8' });
    expect(within(mine).getByText('Sua solicitação: outro operador decide')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();

    await user.click(within(others).getByRole('button', { name: 'Aprovar' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar este aumento?' });
    await fill(user, within(dialog).getByLabelText('Motivo'), 'combinado');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/operator-money/limit-changes/7/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/operator-money/limit-changes/7/approve')[0]?.body).toEqual({ reason: 'combinado' });
    admin.unmount();

    renderWithApp(<MoneyPolicySection scale={2} canWrite={false} />, { role: 'finance' });
    expect(await screen.findByLabelText('Valor de um pedido (BRL)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar mudanças' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  // Every threshold is read by the shared money parser in the operator's language (failed before:
  // "1.500,00" was refused, the fields being read without the language).
  it.each(TYPED_AMOUNTS)('sends $typed typed in each threshold as $minor minor units', async ({ typed, minor }) => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/operator-money/limits': ok(view()),
      'PUT /ops/operator-money/limits': ok({ ...view(), lowered: [], waiting: null }),
    });
    renderWithApp(<MoneyPolicySection scale={2} canWrite />, { role: 'admin' });
    const labels = [
      'Valor de um pedido (BRL)',
      'Créditos a um jogador em 24 horas (BRL)',
      'Créditos de um operador em 24 horas (BRL)',
      'Configuração de prêmio: um item (BRL)',
      'Configuração de prêmio: um período (BRL)',
    ];
    await screen.findByLabelText(labels[0]!);
    for (const label of labels) await fill(user, screen.getByLabelText(label), typed);
    await fill(user, screen.getByLabelText(/Motivo da mudança/), 'nova política');
    await user.click(screen.getByRole('button', { name: 'Salvar mudanças' }));
    await waitFor(() => expect(api.callsTo('PUT /ops/operator-money/limits')).toHaveLength(1));
    expect(api.callsTo('PUT /ops/operator-money/limits')[0]?.body).toEqual({
      perRequestMinor: minor,
      playerDayMinor: minor,
      operatorDayMinor: minor,
      setupItemMinor: minor,
      setupPeriodMinor: minor,
      reason: 'nova política',
    });
  });
});
