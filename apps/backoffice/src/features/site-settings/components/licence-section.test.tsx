import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LicenceChange, LicenceView } from '@wps/shared/schemas/licence';
import { fail, fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { LicenceSection } from './licence-section';

afterEach(() => vi.unstubAllGlobals());

const change = (over: Partial<LicenceChange> = {}): LicenceChange => ({
  id: '4',
  from: 'permissive',
  to: 'BR',
  reason: 'licence granted',
  status: 'pending',
  requestedBy: '2',
  requestedByName: 'bo.admin2',
  requestedAt: '2026-01-01T10:00:00.000Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
  blockers: [],
  ...over,
});

const view = (over: Partial<LicenceView> = {}): LicenceView => ({
  profile: 'permissive',
  changedAt: '2026-01-01T09:00:00.000Z',
  rules: [
    { rule: 'transfersBetweenPlayers', value: true, source: '', read: null },
    { rule: 'forbiddenRewardKinds', value: [], source: '', read: null },
  ],
  doors: [
    { door: 'money.transfer', checks: ['transfers between players allowed (transfersBetweenPlayers)'] },
    { door: 'stake', checks: [] },
  ],
  pending: null,
  recent: [],
  ...over,
});

describe('LicenceSection', () => {
  it('shows the licence in force, its rules and the doors with what each checks', async () => {
    stubOps({ 'GET /ops/licence': ok(view()) });
    renderWithApp(<LicenceSection canWrite={false} />, { role: 'support' });
    expect(await screen.findByTestId('licence-profile')).toHaveTextContent('Genérica (sem regras nacionais)');
    const rules = screen.getByRole('table', { name: 'Regras da licença em vigor e suas fontes' });
    expect(within(rules).getByRole('row', { name: /Transferências entre jogadores/ })).toHaveTextContent('Sim');
    const doors = screen.getByRole('table', { name: /Portas em que a licença é consultada/ });
    expect(within(doors).getByRole('row', { name: /Aposta/ })).toHaveTextContent('Ainda não consultada');
    expect(within(doors).getByRole('row', { name: /Transferência entre jogadores/ })).toHaveTextContent(
      'transfersBetweenPlayers',
    );
    // Without settings.write there is no switch form.
    expect(screen.queryByRole('button', { name: 'Pedir a troca' })).toBeNull();
  });

  it('asks for a switch with the reason; a refusal lists the live set-ups that would break the licence', async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/licence': ok(view()),
      'POST /ops/licence/changes': fail('LICENCE_SWITCH_BLOCKED', 409, {
        profile: 'BR',
        blockers: [{ kind: 'reward_rule', id: '9', label: 'Reload 10%', rule: 'forbiddenRewardTriggers' }],
      }),
    });
    renderWithApp(<LicenceSection canWrite />, { role: 'admin' });
    await fill(user, await screen.findByLabelText(/Motivo/), 'licença concedida');
    await user.click(screen.getByRole('button', { name: 'Pedir a troca' }));
    await waitFor(() => expect(api.callsTo('POST /ops/licence/changes')).toHaveLength(1));
    expect(api.callsTo('POST /ops/licence/changes')[0]?.body).toEqual({ profile: 'BR', reason: 'licença concedida' });
    expect(await screen.findByText(/“Reload 10%”/)).toHaveTextContent(
      'Regra de prêmio “Reload 10%” — Gatilhos de prêmio proibidos',
    );
    expect(screen.getByText(/A troca foi recusada: mude ou encerre primeiro/)).toBeVisible();
  });

  it('a switch another operator asked for is approved here with a reason; one of one’s own is not', async () => {
    const user = setupUser();
    const api = stubOps({
      'GET /ops/licence': ok(view({ pending: change() })),
      'POST /ops/licence/changes/4/approve': ok(change({ status: 'applied', decidedBy: '1' })),
    });
    const first = renderWithApp(<LicenceSection canWrite />, { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Aprovar' }));
    const dialog = screen.getByRole('dialog', { name: 'Aprovar a troca de licença' });
    await fill(user, within(dialog).getByLabelText(/Motivo/), 'conferido com o jurídico');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/licence/changes/4/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/licence/changes/4/approve')[0]?.body).toEqual({ reason: 'conferido com o jurídico' });
    first.unmount();

    vi.unstubAllGlobals();
    stubOps({ 'GET /ops/licence': ok(view({ pending: change({ requestedBy: '1' }) })) });
    renderWithApp(<LicenceSection canWrite />, { role: 'admin' });
    expect(await screen.findByText('Você pediu esta troca; outro operador precisa decidir.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });
});
