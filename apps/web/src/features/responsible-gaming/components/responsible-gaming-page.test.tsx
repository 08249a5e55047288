import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RG_LIMIT_KINDS, type RgStatus } from '@wps/shared/schemas/responsible-gaming';
import { getToken } from '../../../lib/session-storage';
import { fail, ok, pending, renderWithProviders, stubApi, type ApiCall } from '../../../lib/test-render';
import { ResponsibleGamingPage } from './responsible-gaming-page';

const STATUS: RgStatus = {
  currency: 'BRL',
  scale: 2,
  limits: RG_LIMIT_KINDS.map((kind) => ({ kind, value: null, pending: null })),
  realityCheckMinutes: null,
  realityCheckRequired: false,
  limitsRequired: false,
  mustSetLimits: false,
};

function withLimit(status: RgStatus, kind: string, change: Partial<RgStatus['limits'][number]>): RgStatus {
  return { ...status, limits: status.limits.map((l) => (l.kind === kind ? { ...l, ...change } : l)) };
}

async function renderPage(status: RgStatus = STATUS, routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /wps/responsible-gaming': ok(status),
    'PUT /wps/responsible-gaming/limits': ok(status),
    ...routes,
  });
  const view = await renderWithProviders(<ResponsibleGamingPage />);
  await screen.findByRole('heading', { name: 'Jogo responsável' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Salvar limites' }));
  const limitsSent = () =>
    api.callsTo('PUT /wps/responsible-gaming/limits').map((c: ApiCall) => (c.body as { limits: unknown }).limits);
  return { ...view, api, save, limitsSent };
}

describe('ResponsibleGamingPage', () => {
  it('shows a loading note, then a failed load in Portuguese', async () => {
    stubApi({ 'GET /wps/responsible-gaming': pending });
    const { unmount } = await renderWithProviders(<ResponsibleGamingPage />);
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    unmount();
    stubApi({ 'GET /wps/responsible-gaming': fail('TOO_MANY_REQUESTS', 429) });
    await renderWithProviders(<ResponsibleGamingPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pedidos demais. Tente novamente em 5 minutos.');
  });

  it('asks for the required limits first when the licence wants them', async () => {
    await renderPage({ ...STATUS, mustSetLimits: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Antes de depositar ou jogar, defina um limite de depósito');
  });

  it.each([
    ['30,50', '30.50'],
    ['30.50', '30.50'],
    ['1500', '1500.00'],
  ])('sends a deposit limit typed "%s" as %s, and only the limits that changed', async (typed, sent) => {
    const { user, save, limitsSent } = await renderPage(withLimit(STATUS, 'daily_time', { value: '120' }));
    expect(screen.getByRole('textbox', { name: 'Tempo por dia' })).toHaveValue('120');
    await user.type(screen.getByRole('textbox', { name: 'Depósitos por dia' }), typed);
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Salvo.');
    expect(limitsSent()).toEqual([[{ kind: 'deposit_day', value: sent }]]);
  });

  // "1.500" is one thousand five hundred in pt-BR, not one real fifty.
  it.each(['1.500,00', '1.500'])('sends a deposit limit typed "%s" as 1500.00', async (typed) => {
    const { user, save, limitsSent } = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Depósitos por dia' }), typed);
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Salvo.');
    expect(limitsSent()).toEqual([[{ kind: 'deposit_day', value: expect.stringMatching(/^1500(\.00)?$/) }]]);
  });

  it('removes a limit whose field is emptied, and sends nothing when nothing changed', async () => {
    const { user, save, limitsSent } = await renderPage(withLimit(STATUS, 'stake', { value: '50.00' }));
    const stake = screen.getByRole('textbox', { name: 'Valor por aposta' });
    // Shown as Portuguese writes it, the way the player types it.
    expect(stake).toHaveValue('50,00');
    await save();
    expect(limitsSent()).toEqual([]);
    await user.clear(stake);
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent('Salvo.');
    expect(limitsSent()).toEqual([[{ kind: 'stake', value: null }]]);
  });

  it('says a looser limit waits, and shows when it may be confirmed', async () => {
    const effectiveAt = new Date(2026, 10, 24, 9, 30, 0).toISOString();
    const waiting = withLimit(STATUS, 'deposit_week', {
      value: '100.00',
      pending: { value: '500.00', requestedAt: effectiveAt, effectiveAt, confirmable: false },
    });
    const { user, save } = await renderPage(STATUS, { 'PUT /wps/responsible-gaming/limits': ok(waiting) });
    await user.type(screen.getByRole('textbox', { name: 'Depósitos por semana' }), '500');
    await save();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Salvo. Limites mais folgados esperam 24 horas e depois precisam da sua confirmação.',
    );
    // The saved limit and its date as Portuguese writes them (was "500.00 BRL" and an ISO-like instant).
    expect(screen.getByTestId('rg-pending-deposit_week')).toHaveTextContent(
      'Mudança para R$ 500,00 aguardando: você pode confirmá-la a partir de 24/11/2026 09:30. Até lá vale o limite atual.',
    );
  });

  it('lets the player confirm a change that is due, or keep the current limit', async () => {
    const at = new Date(2026, 10, 24, 9, 30, 0).toISOString();
    const status = withLimit(
      withLimit(STATUS, 'deposit_week', {
        value: '100.00',
        pending: { value: '500.00', requestedAt: at, effectiveAt: at, confirmable: true },
      }),
      'session_time',
      { value: '60', pending: { value: null, requestedAt: at, effectiveAt: at, confirmable: false } },
    );
    const { user, api } = await renderPage(status, {
      'POST /wps/responsible-gaming/limits/confirm': ok(STATUS),
      'POST /wps/responsible-gaming/limits/cancel': ok(STATUS),
    });
    const week = screen.getByTestId('rg-pending-deposit_week');
    expect(week).toHaveTextContent('A mudança para R$ 500,00 já pode ser confirmada.');
    const session = screen.getByTestId('rg-pending-session_time');
    expect(session).toHaveTextContent(
      'Mudança para sem limite aguardando: você pode confirmá-la a partir de 24/11/2026 09:30.',
    );
    expect(within(session).queryByRole('button', { name: 'Confirmar mudança' })).not.toBeInTheDocument();
    await user.click(within(week).getByRole('button', { name: 'Confirmar mudança' }));
    await user.click(within(session).getByRole('button', { name: 'Manter limite atual' }));
    expect(api.callsTo('POST /wps/responsible-gaming/limits/confirm')[0]!.body).toEqual({ kind: 'deposit_week' });
    expect(api.callsTo('POST /wps/responsible-gaming/limits/cancel')[0]!.body).toEqual({ kind: 'session_time' });
  });

  it('sets the reality check, and offers no "Nunca" when the licence requires one', async () => {
    const { user, api, unmount } = await renderPage(STATUS, {
      'PUT /wps/responsible-gaming/reality-check': ok(STATUS),
    });
    const select = screen.getByRole('combobox', { name: 'Lembrar-me' });
    await user.selectOptions(select, 'A cada 30 minutos');
    expect(api.callsTo('PUT /wps/responsible-gaming/reality-check')[0]!.body).toEqual({ minutes: 30 });
    unmount();
    await renderPage({ ...STATUS, realityCheckRequired: true, realityCheckMinutes: 60 });
    const required = screen.getByRole('combobox', { name: 'Lembrar-me' });
    expect(required).toHaveValue('60');
    expect(within(required).queryByRole('option', { name: 'Nunca' })).not.toBeInTheDocument();
  });

  it('starts a time-out of a chosen number of days and ends the session', async () => {
    const { user, api } = await renderPage(STATUS, {
      'POST /wps/responsible-gaming/time-out': ok({ kind: 'time_out', startsAt: '', endsAt: '' }),
    });
    const [timeOutLength] = screen.getAllByRole('combobox', { name: 'Duração' });
    await user.selectOptions(timeOutLength!, 'Um número de dias');
    const days = screen.getByRole('textbox', { name: 'Dias (1–42)' });
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('button', { name: 'Iniciar pausa' }));
    await expect.poll(() => getToken()).toBeNull();
    expect(api.callsTo('POST /wps/responsible-gaming/time-out')[0]!.body).toEqual({ duration: 'days', days: 10 });
  });

  it('self-excludes only after the player ticks that they understand', async () => {
    const { user, api } = await renderPage(STATUS, {
      'POST /wps/responsible-gaming/self-exclusion': ok({ kind: 'self_exclusion', startsAt: '', endsAt: null }),
    });
    const exclude = screen.getByRole('button', { name: 'Excluir-me' });
    expect(exclude).toBeDisabled();
    await user.selectOptions(screen.getByTestId('rg-exclusion-select'), 'Permanente');
    await user.click(
      screen.getByRole('checkbox', { name: 'Entendo que minha conta fica fechada durante todo este período.' }),
    );
    await user.click(exclude);
    await expect.poll(() => getToken()).toBeNull();
    expect(api.callsTo('POST /wps/responsible-gaming/self-exclusion')[0]!.body).toEqual({
      duration: 'permanent',
      confirm: true,
    });
  });
});
