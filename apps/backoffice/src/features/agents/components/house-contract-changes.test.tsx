import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HouseContractChange } from '@wps/shared/schemas/agents';
import { fill, ok, renderWithApp, setupUser, stubOps } from '../../../lib/test-render';
import { ContractsPage } from './contracts-page';

afterEach(() => vi.unstubAllGlobals());

const change = (over: Partial<HouseContractChange> = {}): HouseContractChange => ({
  id: '31',
  memberId: '900',
  account: 'topagent',
  type: 'daily_salary',
  tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 250 }],
  period: 'day',
  current: { contractId: '12', tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 100 }], period: 'day' },
  reason: 'new partner terms',
  status: 'pending',
  requestedBy: '7',
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  contractId: null,
  ...over,
});

const emptyPage = { list: [], total: 0, page: 1, pageSize: 20, totalPages: 1 };

describe('ContractsPage: house contracts waiting for a second operator', () => {
  it('shows the proposed and the live terms; finance approves with a reason and the list empties', async () => {
    const user = setupUser();
    let decided = false;
    const api = stubOps({
      'GET /ops/agents/contracts': ok(emptyPage),
      'GET /ops/agents/contract-changes': () => ok({ list: decided ? [] : [change()] }),
      'POST /ops/agents/contract-changes/31/approve': () => {
        decided = true;
        return ok(change({ status: 'applied', decidedBy: '1', contractId: '40' }));
      },
    });
    renderWithApp(<ContractsPage />, { role: 'finance' });
    const item = await screen.findByRole('article', { name: 'Salário diário de topagent' });
    expect(item).toHaveTextContent(/Proposto.*2,50\s?% a partir de R\$\s0,00 e 0 jogadores ativos/);
    expect(item).toHaveTextContent(/Vigente.*1,00\s?%/);
    expect(item).toHaveTextContent('operador #7: new partner terms');
    await user.click(within(item).getByRole('button', { name: 'Aprovar o contrato de topagent' }));
    const dialog = screen.getByRole('dialog');
    await fill(user, within(dialog).getByRole('textbox', { name: /Motivo/ }), 'termos conferidos');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.callsTo('POST /ops/agents/contract-changes/31/approve')).toHaveLength(1));
    expect(api.callsTo('POST /ops/agents/contract-changes/31/approve')[0]?.body).toEqual({
      reason: 'termos conferidos',
    });
    expect(await screen.findByText('Nenhum contrato com a casa aguardando aprovação.')).toBeInTheDocument();
  });

  it('the asker is offered no decision, nor is a role without adjustments.approve; a new contract says so', async () => {
    stubOps({
      'GET /ops/agents/contracts': ok(emptyPage),
      'GET /ops/agents/contract-changes': ok({ list: [change({ requestedBy: '1', current: null })] }),
    });
    const admin = renderWithApp(<ContractsPage />, { role: 'admin' });
    const own = await screen.findByRole('article', { name: 'Salário diário de topagent' });
    expect(own).toHaveTextContent('Nenhum: é um contrato novo.');
    expect(own).toHaveTextContent('Sua solicitação: outro operador decide.');
    expect(within(own).queryByRole('button')).toBeNull();
    admin.unmount();

    stubOps({
      'GET /ops/agents/contracts': ok(emptyPage),
      'GET /ops/agents/contract-changes': ok({ list: [change()] }),
    });
    renderWithApp(<ContractsPage />, { role: 'support' });
    const other = await screen.findByRole('article', { name: 'Salário diário de topagent' });
    expect(within(other).queryByRole('button')).toBeNull();
  });
});
